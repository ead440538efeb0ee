import { isApiError } from '@opsdeck/api-client';
import { useApiClient } from '@opsdeck/api-client/react';
import {
  getLogs,
  logsComponentsQuery,
  logsKeys,
  type LogsComponent,
  type LogsReply,
  type LogsRequest,
} from '@opsdeck/api-client/topology';
import { parseRouteSearch } from '@opsdeck/extensions';
import {
  Button,
  Download,
  EmptyState,
  NotFoundPage,
  Search,
  Select,
  Spinner,
  useUrlState,
} from '@opsdeck/ui';
import { TimeRangePicker, useTimeRangeSearchParams } from '@opsdeck/ui/time-range';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { useMemo } from 'react';
import styled from 'styled-components';
import {
  DEFAULT_TIME_RANGE,
  LINES_ASKED,
  MAX_LINES_LOADED,
  downloadFileName,
  downloadText,
  logLevels,
  logsRequestOf,
  oldestFirst,
  resolveLogsRequest,
} from '../model/logsSearch.ts';
import { logsRoutes, type LogsSearch } from '../routes.ts';
import { logsTestIds } from '../testIds.ts';
import { LogLines } from './LogLines.tsx';

/** How often follow mode asks again. */
export const FOLLOW_INTERVAL_MS = 5000;

const Page = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.lg};
  min-width: 0;

  @media ${({ theme }) => theme.media.phone} {
    padding: ${({ theme }) => theme.space.md};
  }
`;

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.md};
`;

const TextForm = styled.form`
  display: flex;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.xs};
  min-width: 0;

  label {
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.space.xxs};
    font-size: ${({ theme }) => theme.fontSize.sm};
    color: ${({ theme }) => theme.colors.text};
  }

  input {
    min-width: 0;
    width: 22ch;
    height: 32px;
    padding: 0 ${({ theme }) => theme.space.sm};
    border: 1px solid ${({ theme }) => theme.colors.borderStrong};
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
  }
`;

const Summary = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.colors.textMuted};

  p {
    margin: 0;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
`;

const Alert = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  overflow-wrap: anywhere;
`;

const ALL_LEVELS = 'all';
const levelOptions = [
  { value: ALL_LEVELS, label: 'All levels' },
  ...logLevels.map((level) => ({ value: level, label: level })),
];

/** The component as the picker names it: with its namespace and cluster where it has them. */
function componentLabel(component: LogsComponent): string {
  const where = [component.namespace, component.cluster].filter(Boolean).join(' / ');
  return where ? `${component.name} (${where})` : component.name;
}

/** Writes one or more of the page's parameters as a new history entry, so Back undoes it. */
function useLogsSearch(): [
  LogsSearch,
  (changes: Partial<Record<keyof LogsSearch, string>>) => void,
] {
  const { searchParams, setSearchParams } = useUrlState();
  const search = parseRouteSearch(logsRoutes.page, searchParams);
  const set = (changes: Partial<Record<keyof LogsSearch, string>>) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      for (const [name, value] of Object.entries(changes))
        if (value) next.set(name, value);
        else next.delete(name);
      return next;
    });
  return [search, set];
}

function LogsResults({ component, search }: { component: LogsComponent; search: LogsSearch }) {
  const client = useApiClient();
  const { timeRange } = useTimeRangeSearchParams();
  const follow = search.follow === '1';
  const wrap = search.wrap === '1';
  const request = useMemo(
    () =>
      logsRequestOf({
        component: component.id,
        selector: search.selector,
        text: search.text,
        level: search.level,
        range: timeRange,
      }),
    [component.id, search.selector, search.text, search.level, timeRange],
  );
  // Page after page through the reply's nextPage, each asked with the instants the first page
  // was asked with (so the pages are of one list), up to MAX_LINES_LOADED lines.
  const lines = useInfiniteQuery({
    queryKey: [...logsKeys.lines(request), 'pages'],
    initialPageParam: undefined as { page: string; sent: LogsRequest } | undefined,
    queryFn: async ({ pageParam, signal }): Promise<{ reply: LogsReply; sent: LogsRequest }> => {
      const sent = pageParam?.sent ?? resolveLogsRequest(request);
      const asked = pageParam
        ? { ...sent, labels: { ...sent.labels, page: pageParam.page } }
        : sent;
      return { reply: await getLogs(client, asked, { signal }), sent };
    },
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + (page.reply.results?.length ?? 0), 0);
      return last.reply.nextPage && loaded < MAX_LINES_LOADED
        ? { page: last.reply.nextPage, sent: last.sent }
        : undefined;
    },
    // A follow refetch keeps the lines shown while it asks; a new query shows its own loading.
    placeholderData: follow ? keepPreviousData : undefined,
    refetchInterval: follow ? FOLLOW_INTERVAL_MS : false,
  });
  const results = useMemo(
    () => (lines.data?.pages ?? []).flatMap((page) => page.reply.results ?? []),
    [lines.data],
  );
  const shown = useMemo(() => oldestFirst(results), [results]);

  if (lines.isPending) return <Spinner label="Loading logs" />;
  if (lines.isError)
    return (
      <Alert role="alert" data-testid={logsTestIds.error}>
        {lines.error.message}
      </Alert>
    );
  const total = lines.data.pages[0]?.reply.total ?? shown.length;
  if (shown.length === 0)
    return (
      <div data-testid={logsTestIds.empty}>
        <EmptyState
          title="No logs match"
          description="No line of this component matches the text, level and time range. Widen the time range or clear the filters."
        />
      </div>
    );
  const download = () => {
    const text = downloadText(results, total);
    const blob = new Blob([text], { type: 'text/plain;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = downloadFileName(component.name, search.selector, DateTime.now());
    document.body.append(link);
    link.click();
    link.remove();
    URL.revokeObjectURL(url);
  };
  return (
    <>
      <Summary>
        <p data-testid={logsTestIds.summary} aria-live="polite">
          {total <= shown.length
            ? `${shown.length} ${shown.length === 1 ? 'line' : 'lines'}`
            : lines.hasNextPage
              ? `Showing the newest ${shown.length} of ${total} matching lines.`
              : shown.length >= MAX_LINES_LOADED
                ? `Showing the newest ${shown.length} of ${total} matching lines, the most this page loads; narrow the time range to see older ones.`
                : `Showing the newest ${shown.length} of ${total} matching lines; narrow the time range to see older ones.`}
        </p>
        {lines.hasNextPage ? (
          <Button
            variant="secondary"
            size="small"
            loading={lines.isFetchingNextPage}
            onClick={() => void lines.fetchNextPage()}
            data-testid={logsTestIds.loadMore}
          >
            Load {Math.min(LINES_ASKED, total - shown.length)} older lines
          </Button>
        ) : null}
        <Button
          variant="secondary"
          size="small"
          icon={<Download size={14} aria-hidden />}
          onClick={download}
          data-testid={logsTestIds.download}
        >
          Download
        </Button>
      </Summary>
      <LogLines lines={shown} wrap={wrap} follow={follow} />
    </>
  );
}

/** `/logs` (console §2): a component's log lines, every choice in the URL. */
export function LogsPage() {
  const client = useApiClient();
  const [search, setSearch] = useLogsSearch();
  // A new history entry per range too, so Back undoes it like every other choice here.
  const { timeRange, setTimeRange } = useTimeRangeSearchParams({ replace: false });
  const components = useQuery(logsComponentsQuery(client));

  if (components.isPending)
    return (
      <Page data-testid={logsTestIds.root}>
        <Spinner label="Loading components with logs" />
      </Page>
    );
  if (components.isError)
    return (
      <Page data-testid={logsTestIds.root}>
        <Alert role="alert" data-testid={logsTestIds.error}>
          {isApiError(components.error)
            ? components.error.message
            : 'The components with logs could not be read.'}
        </Alert>
      </Page>
    );
  const picked = search.component
    ? components.data.find((component) => component.id === search.component)
    : undefined;
  if (search.component && !picked)
    return (
      <NotFoundPage
        what="component with logs"
        back={
          <Button variant="secondary" onClick={() => setSearch({ component: '', selector: '' })}>
            Choose a component
          </Button>
        }
      />
    );
  const selectorUnknown =
    picked && search.selector !== undefined && !picked.selectors.includes(search.selector);

  return (
    <Page data-testid={logsTestIds.root}>
      <Toolbar>
        <Select
          label="Component"
          placeholder="Choose a component"
          options={components.data.map((component) => ({
            value: component.id,
            label: componentLabel(component),
          }))}
          value={picked?.id}
          onChange={(id) => setSearch({ component: id, selector: '' })}
        />
        {picked && picked.selectors.length > 1 ? (
          <Select
            label="Log"
            options={picked.selectors.map((name) => ({ value: name, label: name }))}
            value={search.selector ?? picked.selectors[0]}
            onChange={(name) => setSearch({ selector: name === picked.selectors[0] ? '' : name })}
          />
        ) : null}
        <TextForm
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            const value = new FormData(event.currentTarget).get('text');
            setSearch({ text: typeof value === 'string' ? value.trim() : '' });
          }}
        >
          <label>
            Text
            {/* Keyed by the URL's text, so Back or a link puts its value back in the box. */}
            <input
              key={search.text ?? ''}
              type="search"
              name="text"
              maxLength={500}
              defaultValue={search.text ?? ''}
              placeholder="Find in messages"
            />
          </label>
          <Button type="submit" variant="secondary" icon={<Search size={14} aria-hidden />}>
            Search
          </Button>
        </TextForm>
        <Select
          label="Level"
          options={levelOptions}
          value={search.level ?? ALL_LEVELS}
          onChange={(level) => setSearch({ level: level === ALL_LEVELS ? '' : level })}
        />
        <TimeRangePicker
          label="Time range"
          value={timeRange ?? DEFAULT_TIME_RANGE}
          onChange={setTimeRange}
        />
        <Actions>
          <Button
            variant="secondary"
            aria-pressed={search.wrap === '1'}
            onClick={() => setSearch({ wrap: search.wrap === '1' ? '' : '1' })}
          >
            Wrap lines
          </Button>
          <Button
            variant="secondary"
            aria-pressed={search.follow === '1'}
            onClick={() => setSearch({ follow: search.follow === '1' ? '' : '1' })}
          >
            Follow
          </Button>
        </Actions>
      </Toolbar>
      {!picked ? (
        <EmptyState
          title="Choose a component"
          description={
            components.data.length === 0
              ? 'No component has log selectors yet.'
              : 'Pick a component to read its logs.'
          }
        />
      ) : selectorUnknown ? (
        <Alert role="alert" data-testid={logsTestIds.error}>
          {`${picked.name} has no log named ${search.selector}.`}
        </Alert>
      ) : (
        <LogsResults component={picked} search={search} />
      )}
    </Page>
  );
}
