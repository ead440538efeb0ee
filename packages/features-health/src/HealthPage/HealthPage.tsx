import type { CheckSummary } from '@opsdeck/api-client/health';
import {
  Button,
  DropdownMenu,
  pageSearchProps,
  SEARCH_MAX_LENGTH,
  searchLimitHint,
  Select,
  Tabs,
  useDebouncedDraft,
} from '@opsdeck/ui';
import { lazy, memo, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import type { CheckModalView as CheckModalComponent } from '../CheckModal/CheckModal.tsx';
import { useCheckSummary } from '../hooks/healthQueries.ts';
import { useHealthViewState } from '../hooks/useHealthViewState.ts';
import type { GroupBy } from '../model/grouping.ts';
import { createHealthViewModel } from '../model/healthView.ts';
import { collectLabelOptions, encodeLabelFilter, type LabelFilter } from '../model/labels.ts';
import { refreshIntervalMs, refreshRateOptions } from '../model/refreshRate.ts';
import type { SortBy } from '../model/sorting.ts';
import type { TabBy } from '../model/tabs.ts';
import { defaultTimeRange, timeRangeForLastRun } from '../model/timeRange.ts';
import { testIds } from '../testIds.ts';
import {
  HealthCards,
  HealthTable,
  loadLists,
  NoMatchingChecks,
  SummaryError,
} from './deferredLists.tsx';
import { HealthSidebar } from './HealthSidebar.tsx';
import { healthPageContainer, narrowHealthPage } from './pageLayout.ts';
import { useHeldOrder, useUserInside } from './useHeldOrder.ts';
import { useRefreshRate } from './useRefreshRate.ts';

// The modal (chart, history, YAML) is a separate chunk: the list is what must paint first. It is
// fetched once the first rows have painted, so opening a check does not wait for the network.
const loadCheckModal = () =>
  import('../CheckModal/CheckModal.tsx').then((module) => {
    loadedCheckModal = module.CheckModalView;
    return module;
  });
const CheckModal = lazy(() =>
  loadCheckModal().then((module) => ({ default: module.CheckModalView })),
);
// The rows' chunk is requested when this module evaluates, not on the page's first commit: in the
// console that commit waits for the session calls, and the chunk then raced the summary and could lose.
void loadLists();

/** Spec §2/§9: the search box waits 400 ms after the last keystroke. */
export const searchDebounceMs = 400;

const Page = styled.div`
  container: ${healthPageContainer} / inline-size;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  height: 100%;
  min-height: 0;
  padding: ${({ theme }) => theme.space.lg};
  box-sizing: border-box;

  /* A phone's page grows past the screen rather than squeezing the list under the toolbars: it
     scrolls as a whole, and the list keeps a usable height of its own. */
  @media ${({ theme }) => theme.media.phone} {
    height: auto;
    min-height: 100%;
    padding: ${({ theme }) => theme.space.md};
  }
`;

const Header = styled.header`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  flex-wrap: wrap;
`;

const Title = styled.h1`
  margin: 0 auto 0 0;
  font-size: ${({ theme }) => theme.fontSize.xl};
`;

const Toolbar = styled.div`
  display: flex;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.md};
  flex-wrap: wrap;
`;

const SearchInput = styled.input`
  flex: 1 1 260px;
  min-width: 0;
  max-width: 28rem;
  height: 34px;
  padding: 0 ${({ theme }) => theme.space.sm};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
`;

const Body = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.lg};
  flex: 1;
  min-height: 0;

  @container ${narrowHealthPage} {
    flex-direction: column;
    gap: ${({ theme }) => theme.space.sm};
  }
`;

const Main = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  flex: 1;
  min-width: 0;
  min-height: 0;
`;

const Count = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const fixedGroupBy: Array<{ value: GroupBy; label: string }> = [
  { value: 'none', label: 'No grouping' },
  { value: 'canary_name', label: 'Group name' },
  { value: 'name', label: 'Name' },
  { value: 'description', label: 'Description' },
  { value: 'type', label: 'Type' },
  { value: 'agent', label: 'Agent' },
];
const fixedTabBy: Array<{ value: TabBy; label: string }> = [
  { value: 'namespace', label: 'Namespace' },
  { value: 'agent', label: 'Agent' },
];

/**
 * The search box keeps what is typed to itself and commits it 400 ms after the last keystroke, so
 * typing re-renders only this input, never the list.
 */
const SearchBox = memo(function SearchBox({
  value,
  onCommit,
}: {
  value: string;
  onCommit: (value: string) => void;
}) {
  const [text, setText] = useDebouncedDraft(value, onCommit, { delayMs: searchDebounceMs });
  return (
    <SearchInput
      type="search"
      {...pageSearchProps}
      aria-label="Search"
      placeholder="Search by name, description, or endpoint"
      maxLength={SEARCH_MAX_LENGTH}
      title={searchLimitHint}
      value={text}
      onChange={(event) => setText(event.target.value)}
      data-testid={testIds.page.search}
    />
  );
});

// Once the modal's chunk has loaded it renders directly: going through lazy() again would suspend
// and React holds a revealed fallback for up to 300 ms.
let loadedCheckModal: typeof CheckModalComponent | null = null;

/**
 * The health page. Its URL state and links go through the app's one URL binding (ui's
 * UrlStateProvider): react-router's in the console, the browser's history in the embed.
 */
// Around the list for the pointer and focus events alone: no box of its own.
const ListArea = styled.div`
  display: contents;
`;

export function HealthPage() {
  const [view, update] = useHealthViewState();
  const [refreshRate, setRefreshRate] = useRefreshRate();
  const summary = useCheckSummary(refreshIntervalMs(refreshRate));
  const checks = useMemo<readonly CheckSummary[]>(
    () => summary.data?.checks_summary ?? [],
    [summary.data],
  );
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const computeView = useMemo(() => createHealthViewModel(), []);
  const health = computeView(checks, view, collapsed);
  const hasSummary = summary.data !== undefined;
  useEffect(() => {
    if (!hasSummary) return;
    // After the first rows' frame: fetched and evaluated in the commit that adds the rows, the
    // modal's ~90 KB chunk landed before their paint.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame =
      typeof requestAnimationFrame === 'function'
        ? requestAnimationFrame(() => (timer = setTimeout(() => void loadCheckModal(), 0)))
        : undefined;
    if (frame === undefined) timer = setTimeout(() => void loadCheckModal(), 0);
    return () => {
      if (frame !== undefined) cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [hasSummary]);
  const allLabelKeys = useMemo(
    () => collectLabelOptions(checks, Int32Array.from(checks.keys())).map((option) => option.key),
    [checks],
  );

  const commitSearch = useCallback(
    (search: string) => update({ search }, { replace: true }),
    [update],
  );

  const openCheck = useCallback(
    (check: CheckSummary) =>
      update({ checkId: check.id, timeRange: timeRangeForLastRun(check.last_runtime) }),
    [update],
  );
  const closeCheck = useCallback(
    () => update({ checkId: null, timeRange: defaultTimeRange }),
    [update],
  );
  const toggleGroup = useCallback(
    (key: string) =>
      setCollapsed((current) => {
        const next = new Set(current);
        if (!next.delete(key)) next.add(key);
        return next;
      }),
    [],
  );
  const { sortBy, sortOrder } = view;
  const sort = useMemo(() => ({ sortBy, sortOrder }), [sortBy, sortOrder]);
  const changeSort = useCallback(
    (column: SortBy) =>
      update({
        sortBy: column,
        sortOrder: sortBy === column && sortOrder === 'asc' ? 'desc' : 'asc',
      }),
    [update, sortBy, sortOrder],
  );
  const changeHidePassing = useCallback(
    (hidePassing: boolean) => update({ hidePassing }),
    [update],
  );
  const changeLabelFilter = useCallback(
    (filter: LabelFilter) => update({ labels: encodeLabelFilter(filter) }),
    [update],
  );

  // Stable option lists, so a search commit re-renders the rows and not every dropdown.
  const groupOptions = useMemo(
    () => [
      ...fixedGroupBy,
      ...allLabelKeys.map((key) => ({ value: `label:${key}` as GroupBy, label: `Label: ${key}` })),
    ],
    [allLabelKeys],
  );
  const tabOptions = useMemo(
    () => [
      ...fixedTabBy,
      ...allLabelKeys.map((key) => ({ value: `label:${key}` as TabBy, label: `Label: ${key}` })),
    ],
    [allLabelKeys],
  );
  const tabItems = useMemo(
    () =>
      health.tabs.map((tab) => ({
        value: tab.value,
        label: `${tab.value || 'All'} (${tab.count})`,
      })),
    [health.tabs],
  );
  const refreshItems = useMemo(
    () =>
      refreshRateOptions.map((rate) => ({
        id: rate || 'off',
        label: rate ? `Every ${rate}` : 'Off',
        onSelect: () => setRefreshRate(rate),
      })),
    [setRefreshRate],
  );
  const groupLabel = groupOptions.find((option) => option.value === view.groupBy)?.label ?? 'Group';
  const selectedCheck = view.checkId
    ? checks.find((check) => check.id === view.checkId)
    : undefined;
  const summaryUpdatedAt = summary.dataUpdatedAt;
  // Chosen once per opened check: a modal first drawn through lazy() must not turn into the direct
  // component when the chunk's module lands, or React remounts it and drops its state (a Run Now
  // result vanished on the next summary refetch when the row was clicked before the preload).
  const ModalComponent = useMemo(
    () => (view.checkId ? (loadedCheckModal ?? CheckModal) : CheckModal),
    [view.checkId],
  );

  // A refetch never reorders the rows under the user's pointer or focus (applied when they leave).
  const { inside, handlers: insideHandlers } = useUserInside();
  const shown = useHeldOrder(
    checks,
    health.rows,
    useMemo(() => JSON.stringify([view, [...collapsed]]), [view, collapsed]),
    inside,
  );
  const listProps = {
    checks: shown.checks,
    rows: shown.rows,
    summaryUpdatedAt,
    onOpenCheck: openCheck,
    collapsed,
    onToggleGroup: toggleGroup,
    groupLabel,
    now: summaryUpdatedAt,
  };

  return (
    // The rendered view as attributes: tests and the benchmark see when a change has been painted.
    <Page
      data-testid={testIds.page.root}
      data-search={view.search}
      data-group-by={view.groupBy}
      data-tab={view.tab}
    >
      <Header>
        <Title>Health</Title>
        <Select
          label="Layout"
          hideLabel
          options={[
            { value: 'table', label: 'Table' },
            { value: 'card', label: 'Cards' },
          ]}
          value={view.layout}
          onChange={(layout) => update({ layout: layout === 'card' ? 'card' : 'table' })}
        />
        <DropdownMenu label={`Refresh: ${refreshRate || 'off'}`} items={refreshItems} />
        <Button
          variant="secondary"
          loading={summary.isFetching}
          onClick={() => void summary.refetch({ cancelRefetch: true })}
          data-testid={testIds.page.refresh}
        >
          Refresh
        </Button>
      </Header>
      <Toolbar>
        <SearchBox value={view.search} onCommit={commitSearch} />
        <Select
          label="Group By"
          options={groupOptions}
          value={view.groupBy}
          onChange={(groupBy) => update({ groupBy: groupBy as GroupBy })}
        />
        <Select
          label="Tab By"
          options={tabOptions}
          value={view.tabBy}
          onChange={(tabBy) => update({ tabBy: tabBy as TabBy })}
        />
      </Toolbar>
      <Tabs
        aria-label="Tabs"
        items={tabItems}
        value={health.tabs.some((tab) => tab.value === view.tab) ? view.tab : ''}
        onValueChange={(tab) => update({ tab })}
      />
      <Body>
        <HealthSidebar
          hidePassing={view.hidePassing}
          onHidePassingChange={changeHidePassing}
          labelOptions={health.labelOptions}
          labelFilter={health.labelFilter}
          onLabelFilterChange={changeLabelFilter}
        />
        <Main>
          <Count data-testid={testIds.page.count} aria-live="polite">
            {summary.isPending
              ? 'loading data...'
              : `${health.rows.checkCount} of ${checks.length} checks`}
          </Count>
          {summary.isError && !summary.data ? (
            <SummaryError error={summary.error} />
          ) : !summary.isPending && health.rows.rows.length === 0 ? (
            <NoMatchingChecks kind="resources" />
          ) : (
            <ListArea {...insideHandlers}>
              {view.layout === 'card' ? (
                <HealthCards {...listProps} />
              ) : (
                <HealthTable {...listProps} sort={sort} onSort={changeSort} />
              )}
            </ListArea>
          )}
        </Main>
      </Body>
      {view.checkId ? (
        <Suspense fallback={null}>
          <ModalComponent
            checkId={view.checkId}
            summary={selectedCheck}
            timeRange={view.timeRange}
            onTimeRangeChange={(timeRange) => update({ timeRange }, { replace: true })}
            onClose={closeCheck}
          />
        </Suspense>
      ) : null}
    </Page>
  );
}
