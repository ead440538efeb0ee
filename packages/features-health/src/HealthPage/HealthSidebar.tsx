import { memo } from 'react';
import { MultiSelect, TriStateToggle } from '@opsdeck/ui';
import styled from 'styled-components';
import {
  booleanLabelState,
  selectedLabelValues,
  setBooleanLabel,
  setLabelValues,
  type LabelFilter,
  type LabelOption,
} from '../model/labels.ts';
import { testIds } from '../testIds.ts';

const Aside = styled.aside`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  width: 240px;
  flex-shrink: 0;
  overflow: auto;
`;

const SwitchLabel = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
  cursor: pointer;
`;

const Heading = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const TriRow = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.xs};
`;

export interface HealthSidebarProps {
  hidePassing: boolean;
  onHidePassingChange: (hidePassing: boolean) => void;
  labelOptions: readonly LabelOption[];
  labelFilter: LabelFilter;
  onLabelFilterChange: (filter: LabelFilter) => void;
}

// Memoized: typing in the search box or opening the modal re-renders the page, not this.
export const HealthSidebar = memo(function HealthSidebar({ hidePassing, onHidePassingChange, labelOptions, labelFilter, onLabelFilterChange }: HealthSidebarProps) {
  return (
    <Aside aria-label="Filters" data-testid={testIds.page.sidebar}>
      <SwitchLabel>
        <input type="checkbox" role="switch" checked={hidePassing} onChange={(event) => onHidePassingChange(event.target.checked)} />
        Hide Passing
      </SwitchLabel>
      {labelOptions.length > 0 ? <Heading>Labels</Heading> : null}
      {labelOptions.map((option) =>
        option.boolean ? (
          <TriRow key={option.key}>
            <span>{option.key}</span>
            <TriStateToggle
              label={option.key}
              value={booleanLabelState(labelFilter, option.key)}
              onChange={(state) => onLabelFilterChange(setBooleanLabel(labelFilter, option.key, state))}
            />
          </TriRow>
        ) : (
          <MultiSelect
            key={option.key}
            label={option.key}
            options={option.values.map((value) => ({ value, label: value }))}
            value={selectedLabelValues(labelFilter, option.key)}
            onChange={(values) => onLabelFilterChange(setLabelValues(labelFilter, option.key, values))}
            placeholder="All"
            selectAllLabel={null}
          />
        ),
      )}
    </Aside>
  );
});
