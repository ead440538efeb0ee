import type { ComponentSummary } from '@opsdeck/api-client/topology';
import { StatusDot } from '@opsdeck/ui';
import styled from 'styled-components';
import { summaryCounts } from '../model/status.ts';

const List = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.space.xxs} ${theme.space.md}`};
  margin: 0;
  padding: 0;
  list-style: none;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.xs};

  li {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.xs};
  }
`;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

const children = (n: number, state: string) => `${n} ${state} ${n === 1 ? 'child' : 'children'}`;

/**
 * Children by health, the linked checks' health, open incidents and insights (reference §4 card),
 * each saying what it counts: a component with children rolls its descendants' checks, incidents
 * and insights into its own ("here and below"); a leaf's counts are its own, and it has no
 * children to count (the summary counts a leaf's own status there).
 */
export function SummaryLine({
  summary,
  rolledUp,
}: {
  summary: ComponentSummary | null | undefined;
  /** The component has children, so the counts include theirs. */
  rolledUp: boolean;
}) {
  const counts = summaryCounts(summary);
  const { checks, incidents, insights } = counts;
  const where = rolledUp ? ' here and below' : '';
  const items: Array<{ key: string; dot?: string; text: string }> = [];
  if (rolledUp) {
    if (counts.children.unhealthy)
      items.push({
        key: 'u',
        dot: 'unhealthy',
        text: children(counts.children.unhealthy, 'unhealthy'),
      });
    if (counts.children.warning)
      items.push({ key: 'w', dot: 'warning', text: children(counts.children.warning, 'warning') });
    if (counts.children.healthy)
      items.push({ key: 'h', dot: 'healthy', text: children(counts.children.healthy, 'healthy') });
  }
  if (checks.unhealthy)
    items.push({
      key: 'cf',
      dot: 'unhealthy',
      text: `${plural(checks.unhealthy, 'check')} failing${where}`,
    });
  if (checks.healthy)
    items.push({
      key: 'cp',
      dot: 'healthy',
      text: `${plural(checks.healthy, 'check')} passing${where}`,
    });
  if (checks.other)
    items.push({
      key: 'co',
      dot: 'unknown',
      text: `${plural(checks.other, 'check')} other${where}`,
    });
  if (incidents) items.push({ key: 'i', text: `${plural(incidents, 'open incident')}${where}` });
  if (insights) items.push({ key: 'n', text: `${plural(insights, 'insight')}${where}` });
  if (items.length === 0) return null;
  return (
    <List aria-label="Summary">
      {items.map((item) => (
        <li key={item.key}>
          {item.dot ? (
            <span aria-hidden="true">
              <StatusDot status={item.dot} size={8} />
            </span>
          ) : null}
          {item.text}
        </li>
      ))}
    </List>
  );
}
