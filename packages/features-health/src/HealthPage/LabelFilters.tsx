import { MultiSelect, TriStateToggle } from '@opsdeck/ui';
import { memo } from 'react';
import styled from 'styled-components';
import {
  booleanLabelState,
  selectedLabelValues,
  setBooleanLabel,
  setLabelValues,
  type LabelFilter,
  type LabelOption,
} from '../model/labels.ts';

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

export interface LabelFiltersProps {
  labelOptions: readonly LabelOption[];
  labelFilter: LabelFilter;
  onLabelFilterChange: (filter: LabelFilter) => void;
}

/** The sidebar's label filters: boolean labels tri-state, the others multi-select. */
export const LabelFilters = memo(function LabelFilters({
  labelOptions,
  labelFilter,
  onLabelFilterChange,
}: LabelFiltersProps) {
  if (labelOptions.length === 0) return null;
  return (
    <>
      <Heading>Labels</Heading>
      {labelOptions.map((option) =>
        option.boolean ? (
          <TriRow key={option.key}>
            <span>{option.key}</span>
            <TriStateToggle
              label={option.key}
              value={booleanLabelState(labelFilter, option.key)}
              onChange={(state) =>
                onLabelFilterChange(setBooleanLabel(labelFilter, option.key, state))
              }
            />
          </TriRow>
        ) : (
          <MultiSelect
            key={option.key}
            label={option.key}
            options={option.values.map((value) => ({ value, label: value }))}
            value={selectedLabelValues(labelFilter, option.key)}
            onChange={(values) =>
              onLabelFilterChange(setLabelValues(labelFilter, option.key, values))
            }
            placeholder="All"
            selectAllLabel={null}
          />
        ),
      )}
    </>
  );
});
