import { connectionTypes } from '@opsdeck/contracts/connection';
import type { FormDescription } from '@opsdeck/contracts/form';
import styled from 'styled-components';
import { connectionTypeIcon } from '../model/typeIcons.ts';
import { connectionsTestIds } from '../testIds.ts';

/** The types a new connection may take, by label (settings §3: jmeter is hidden). */
const pickable: readonly FormDescription[] = connectionTypes
  .filter((form) => !form.hidden)
  .slice()
  .sort((a, b) => a.label.localeCompare(b.label));

const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(11rem, 1fr));
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Card = styled.button`
  display: flex;
  width: 100%;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  text-align: left;
  cursor: pointer;

  &:hover,
  &:focus-visible {
    border-color: ${({ theme }) => theme.colors.primary};
  }
`;

/** settings §3: a new connection starts on a card per type, each with its icon. */
export function TypePicker({ onPick }: { onPick(form: FormDescription): void }) {
  return (
    <Grid aria-label="Connection types" data-testid={connectionsTestIds.typePicker}>
      {pickable.map((form) => {
        const Icon = connectionTypeIcon(form.type);
        return (
          <li key={form.type}>
            <Card type="button" onClick={() => onPick(form)}>
              <Icon size={20} aria-hidden />
              {form.label.replace(/ connection$/, '')}
            </Card>
          </li>
        );
      })}
    </Grid>
  );
}
