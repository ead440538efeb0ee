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

/** Children by health, the linked checks' health, open incidents and insights (reference §4 card). */
export function SummaryLine({ summary }: { summary: ComponentSummary | null | undefined }) {
  const { children, checks, incidents, insights } = summaryCounts(summary);
  const items: Array<{ key: string; dot?: string; text: string }> = [];
  if (children.unhealthy)
    items.push({ key: 'u', dot: 'unhealthy', text: `${children.unhealthy} unhealthy` });
  if (children.warning)
    items.push({ key: 'w', dot: 'warning', text: `${children.warning} warning` });
  if (children.healthy)
    items.push({ key: 'h', dot: 'healthy', text: `${children.healthy} healthy` });
  if (checks.unhealthy)
    items.push({
      key: 'cf',
      dot: 'unhealthy',
      text: `${plural(checks.unhealthy, 'check')} failing`,
    });
  if (checks.healthy)
    items.push({ key: 'cp', dot: 'healthy', text: `${plural(checks.healthy, 'check')} passing` });
  if (checks.other)
    items.push({ key: 'co', dot: 'unknown', text: `${plural(checks.other, 'check')} other` });
  if (incidents) items.push({ key: 'i', text: plural(incidents, 'incident') });
  if (insights) items.push({ key: 'n', text: plural(insights, 'insight') });
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
