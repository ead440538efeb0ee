import { memo } from 'react';
import styled from 'styled-components';
import type { LabelFilter, LabelOption } from '../model/labels.ts';
import { testIds } from '../testIds.ts';
import { LabelFilters } from './deferredLists.tsx';

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
      {labelOptions.length > 0 ? <LabelFilters labelOptions={labelOptions} labelFilter={labelFilter} onLabelFilterChange={onLabelFilterChange} /> : null}
    </Aside>
  );
});
