import type { TopologyReply, TopologySortBy } from '@opsdeck/api-client/topology';
import {
  ArrowDown,
  ArrowUp,
  Button,
  CollapsibleFilters,
  NameSearch,
  Select,
  TriStateFilter,
  useDebouncedDraft,
} from '@opsdeck/ui';
import { useCallback, useId } from 'react';
import styled from 'styled-components';
import { activeTopologyFilterCount, labelOptions, type TopologyFilters } from '../model/filters.ts';
import type { UpdateTopologyFilters } from '../hooks/useTopologyFilters.ts';
import { topologyTestIds } from '../testIds.ts';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.md};

  /* On a phone each control takes the line rather than pushing the page wider. */
  @media ${({ theme }) => theme.media.phone} {
    > [data-slot='filters'] > * {
      flex: 1 1 100%;
      min-width: 0;
    }
  }
`;

// The sort choice and its order button stay side by side, also on a phone.
const SortGroup = styled.div`
  display: flex;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.xs};

  > :first-child {
    flex: 1;
    min-width: 0;
  }
`;

const Field = styled.label`
  display: inline-flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: ${({ theme }) => theme.fontWeight.medium};

  input[type='text'] {
    min-height: 34px;
    padding: 0 ${({ theme }) => theme.space.sm};
    border: 1px solid ${({ theme }) => theme.colors.borderStrong};
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
    font-weight: ${({ theme }) => theme.fontWeight.regular};
  }
`;

const Switch = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  min-height: 34px;
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const sortLabel = (sortBy: TopologySortBy) =>
  sortBy.startsWith('field:')
    ? sortBy.slice('field:'.length)
    : sortBy.charAt(0).toUpperCase() + sortBy.slice(1);

const allTeams = '';

const trim = (draft: string) => draft.trim();

/** Owner is typed: it is applied once the user pauses, like the health page's search (spec §9). */
function OwnerField({ owner, onChange }: { owner: string; onChange: (owner: string) => void }) {
  const [draft, setDraft] = useDebouncedDraft(owner, onChange, { normalize: trim });
  return (
    <Field>
      Owner
      <input
        type="text"
        value={draft}
        placeholder="Any owner"
        onChange={(event) => setDraft(event.target.value)}
      />
    </Field>
  );
}

/** Health, type, team, labels, owner, sort and Hide passing (reference §4 filter bar), all in the URL. */
export function TopologyFilterBar({
  filters,
  update,
  reply,
  sortChoices,
}: {
  filters: TopologyFilters;
  update: UpdateTopologyFilters;
  reply: TopologyReply | undefined;
  sortChoices: readonly TopologySortBy[];
}) {
  const switchId = useId();
  const toOptions = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
  const teams = reply?.teams ?? [];
  // A search is a step of the user's: Back undoes it (the filters replace their entry).
  const commitSearch = useCallback(
    (search: string) => update({ search }, { push: true }),
    [update],
  );
  return (
    <Bar data-testid={topologyTestIds.index.filters}>
      {/* Outside the folded filters: on a phone too, `/` finds it. */}
      <NameSearch
        value={filters.search}
        onCommit={commitSearch}
        testId={topologyTestIds.index.search}
      />
      {/* On a phone the filters fold behind a "Filters (n)" button, so the cards stay in sight. */}
      <CollapsibleFilters activeCount={activeTopologyFilterCount(filters)}>
        <TriStateFilter
          label="Health"
          options={toOptions(reply?.healthStatuses ?? [])}
          value={filters.status}
          onChange={(status) => update({ status })}
        />
        <TriStateFilter
          label="Type"
          options={toOptions(reply?.types ?? [])}
          value={filters.type}
          onChange={(type) => update({ type })}
        />
        <Select
          label="Team"
          options={[{ value: allTeams, label: 'All' }, ...toOptions(teams)]}
          value={filters.team}
          placeholder="All"
          disabled={teams.length === 0 && !filters.team}
          onChange={(team) => update({ team })}
        />
        <TriStateFilter
          label="Labels"
          tagMode
          options={toOptions(labelOptions(reply?.tags ?? {}))}
          value={filters.labels}
          onChange={(labels) => update({ labels })}
        />
        <OwnerField owner={filters.owner} onChange={(owner) => update({ owner })} />
        <SortGroup>
          <Select
            label="Sort by"
            options={sortChoices.map((value) => ({ value, label: sortLabel(value) }))}
            value={filters.sortBy}
            onChange={(sortBy) => update({ sortBy: sortBy as TopologySortBy })}
          />
          <Button
            variant="secondary"
            aria-label={`Sort order: ${filters.sortOrder === 'desc' ? 'descending' : 'ascending'}`}
            title="Change the sort order"
            onClick={() => update({ sortOrder: filters.sortOrder === 'desc' ? 'asc' : 'desc' })}
          >
            {filters.sortOrder === 'desc' ? (
              <ArrowDown size={16} aria-hidden="true" />
            ) : (
              <ArrowUp size={16} aria-hidden="true" />
            )}
          </Button>
        </SortGroup>
        <Switch htmlFor={switchId}>
          <input
            id={switchId}
            type="checkbox"
            role="switch"
            checked={filters.hidePassing}
            onChange={(event) => update({ hidePassing: event.target.checked })}
          />
          Hide passing
        </Switch>
      </CollapsibleFilters>
    </Bar>
  );
}
