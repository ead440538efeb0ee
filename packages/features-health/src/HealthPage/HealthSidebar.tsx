import { Button, Funnel } from '@opsdeck/ui';
import { memo, useId, useState } from 'react';
import styled from 'styled-components';
import { filteredLabelCount, type LabelFilter, type LabelOption } from '../model/labels.ts';
import { testIds } from '../testIds.ts';
import { LabelFilters } from './deferredLists.tsx';
import { narrowHealthPage } from './pageLayout.ts';

// Beside the list on a wide page; above it on a narrow one, where the label filters fold behind a
// button so the list stays in sight (a responder on a phone).
const Aside = styled.aside`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  width: 240px;
  flex-shrink: 0;
  overflow: auto;

  @container ${narrowHealthPage} {
    width: auto;
    overflow: visible;
    flex-direction: row;
    flex-wrap: wrap;
    align-items: center;
    gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.lg};
  }
`;

const FiltersToggle = styled(Button)`
  display: none;

  @container ${narrowHealthPage} {
    display: inline-flex;
  }
`;

const Fields = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};

  @container ${narrowHealthPage} {
    flex-basis: 100%;
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
    align-items: end;
    gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};

    &[data-folded] {
      display: none;
    }
    > h2 {
      grid-column: 1 / -1;
    }
  }
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
export const HealthSidebar = memo(function HealthSidebar({
  hidePassing,
  onHidePassingChange,
  labelOptions,
  labelFilter,
  onLabelFilterChange,
}: HealthSidebarProps) {
  const fieldsId = useId();
  const [unfolded, setUnfolded] = useState(false);
  const active = filteredLabelCount(labelFilter);
  return (
    <Aside aria-label="Filters" data-testid={testIds.page.sidebar}>
      <SwitchLabel>
        <input
          type="checkbox"
          role="switch"
          checked={hidePassing}
          onChange={(event) => onHidePassingChange(event.target.checked)}
        />
        Hide Passing
      </SwitchLabel>
      {labelOptions.length > 0 ? (
        <>
          <FiltersToggle
            size="small"
            icon={<Funnel size={14} aria-hidden="true" />}
            aria-expanded={unfolded}
            aria-controls={fieldsId}
            onClick={() => setUnfolded(!unfolded)}
          >
            {active ? `Label filters (${active})` : 'Label filters'}
          </FiltersToggle>
          {/* Folding only applies on a narrow page; a wide one always shows the fields. */}
          <Fields id={fieldsId} data-folded={unfolded ? undefined : ''}>
            <LabelFilters
              labelOptions={labelOptions}
              labelFilter={labelFilter}
              onLabelFilterChange={onLabelFilterChange}
            />
          </Fields>
        </>
      ) : null}
    </Aside>
  );
});
