import { isNotFoundError } from '@opsdeck/api-client';
import { healthSlots } from '../slots.ts';
import type { CheckDetails, CheckSummary } from '@opsdeck/api-client/health';

import { SlotOutlet, useRouteLink } from '@opsdeck/extensions/react';
import { useCapability } from '@opsdeck/rbac/react';
import {
  Badge,
  Button,
  EmptyState,
  formatLatency,
  Modal,
  Moment,
  Select,
  Spinner,
  StatusDot,
  type TabItem,
  Tabs,
  TagList,
  UrlLink,
} from '@opsdeck/ui';
import { timeRangePresets, type TimeRangeShortForm } from '@opsdeck/ui/time-range';
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import styled from 'styled-components';
import { healthExternalRoutes } from '../routes.ts';
import { useCheckDetails, useCheckGraph, useRunCheck } from '../hooks/checkQueries.ts';
import { isExternallyDefined } from '../model/checkActions.ts';
import { formatUptime } from '../model/uptime.ts';
import { testIds } from '../testIds.ts';
import { CheckHistory } from './CheckHistory.tsx';
import { HealthOverviewChart } from './HealthOverviewChart.tsx';

const SpecView = lazy(() =>
  import('./SpecView.tsx').then((module) => ({ default: module.SpecView })),
);

const Stats = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(140px, 1fr));
  gap: ${({ theme }) => theme.space.md};
  margin: ${({ theme }) => theme.space.md} 0;
  div {
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.space.xxs};
  }
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSize.xs};
  }
  dd {
    margin: 0;
    font-weight: ${({ theme }) => theme.fontWeight.medium};
  }
`;

const Relations = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    padding: ${({ theme }) => theme.space.xs} 0;
  }
  a {
    color: ${({ theme }) => theme.colors.link};
  }
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
  width: 100%;
  a {
    color: ${({ theme }) => theme.colors.link};
  }
`;

const RunResult = styled.output<{ $passed: boolean }>`
  margin-right: auto;
  color: ${({ theme, $passed }) => ($passed ? theme.colors.success : theme.colors.danger)};
`;

const shortScreenQuery = '(max-height: 700px)';

/** Short screens get the chart as a Graph tab instead of above the tabs (spec §2). */
function useShortScreen(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const query = window.matchMedia(shortScreenQuery);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(shortScreenQuery).matches,
    () => false,
  );
}

function Relationships({ details }: { details: CheckDetails | null | undefined }) {
  // Links only where the app bound a route this user may open (none in the standalone embed).
  const componentPage = useRouteLink(healthExternalRoutes.componentPage);
  const configPage = useRouteLink(healthExternalRoutes.configPage);
  const components = (details?.components ?? []).flatMap((row) =>
    row.components ? [row.components] : [],
  );
  const configs = (details?.configs ?? []).flatMap((row) => (row.configs ? [row.configs] : []));
  if (components.length + configs.length === 0) return <EmptyState kind="details" />;
  return (
    <Relations data-testid={testIds.modal.relationships}>
      {components.map((component) => (
        <li key={`component:${component.id}`}>
          {componentPage ? (
            <UrlLink to={componentPage({ id: component.id })}>{component.name}</UrlLink>
          ) : (
            component.name
          )}{' '}
          (component)
        </li>
      ))}
      {configs.map((config) => (
        <li key={`config:${config.id}`}>
          {configPage ? (
            <UrlLink to={configPage({ id: config.id })}>{config.name}</UrlLink>
          ) : (
            config.name
          )}{' '}
          ({config.type ?? 'config'})
        </li>
      ))}
    </Relations>
  );
}

export function relationshipCount(details: CheckDetails | null | undefined): number {
  return (
    (details?.components ?? []).filter((row) => row.components).length +
    (details?.configs ?? []).filter((row) => row.configs).length
  );
}

export interface CheckModalProps {
  checkId: string;
  /** The check's row in the summary, when loaded: shown while the details arrive. */
  summary: CheckSummary | undefined;
  timeRange: TimeRangeShortForm;
  onTimeRangeChange: (timeRange: TimeRangeShortForm) => void;
  onClose: () => void;
}

/** The modal itself; links go through the app's URL binding (UrlLink). */
export function CheckModalView({
  checkId,
  summary,
  timeRange,
  onTimeRangeChange,
  onClose,
}: CheckModalProps) {
  const details = useCheckDetails(checkId);
  const graph = useCheckGraph(checkId, timeRange);
  const runCheck = useRunCheck(checkId);
  // Console §2: Run Now for admin, editor, responder and commander; the server checks the same capability.
  const canRun = useCapability('canaries.run');
  const canaryEditor = useRouteLink(healthExternalRoutes.canaryEditor);
  const shortScreen = useShortScreen();
  const check = details.data;
  const name = check?.name ?? summary?.name ?? 'Check';
  const status = summary?.status ?? check?.status ?? 'unknown';
  const latency = { ...summary?.latency, ...graph.data?.latency };
  const uptime = graph.data?.uptime ?? summary?.uptime;
  const source = check?.canaries?.source;
  const canaryId = check?.canary_id ?? summary?.canary_id ?? null;
  const chart = <HealthOverviewChart graph={graph.data} timeRange={timeRange} />;
  const relationships = relationshipCount(check);
  const lastRun = check?.last_runtime ?? summary?.last_runtime;

  const tabs: TabItem[] = [
    {
      value: 'history',
      label: 'History',
      content: <CheckHistory checkId={checkId} timeRange={timeRange} />,
    },
    ...(shortScreen ? [{ value: 'graph', label: 'Graph', content: chart }] : []),
    {
      value: 'spec',
      label: 'Spec',
      content:
        check?.spec === undefined || check?.spec === null ? (
          <EmptyState kind="details" />
        ) : (
          <Suspense fallback={<Spinner label="Loading spec" />}>
            <SpecView spec={check.spec} />
          </Suspense>
        ),
    },
    {
      value: 'relationships',
      label: (
        <>
          Relationships <Badge size="small">{relationships}</Badge>
        </>
      ),
      content: <Relationships details={check} />,
    },
  ];

  const stats: Array<[string, ReactNode]> = [
    [
      'Uptime',
      formatUptime(uptime && { passed: uptime.passed ?? 0, failed: uptime.failed ?? 0 }) || '-',
    ],
    [
      'Latency 95/97/99',
      [latency.p95, latency.p97, latency.p99]
        .map((value) => formatLatency(value) || '-')
        .join(' / '),
    ],
    ['Severity', check?.severity ?? summary?.severity ?? '-'],
    ['Last Run', <Moment key="last" value={lastRun} fallback="-" />],
    [
      'Transitioned',
      <Moment
        key="transitioned"
        value={check?.last_transition_time ?? summary?.last_transition_time}
        fallback="-"
      />,
    ],
    ['Next Run', <Moment key="next" value={check?.next_runtime} fallback="-" />],
    [
      'Time Range',
      <Select
        key="range"
        label="Time Range"
        hideLabel
        options={timeRangePresets.map(({ shortForm }) => ({ value: shortForm, label: shortForm }))}
        value={timeRange}
        onChange={(value) => onTimeRangeChange(value as TimeRangeShortForm)}
      />,
    ],
  ];

  const notFound =
    (details.isSuccess && details.data === null) ||
    (details.isError && isNotFoundError(details.error));
  if (notFound) {
    return (
      <Modal.Root open onClose={onClose} data-testid={testIds.modal.root}>
        <Modal.Header>Not found</Modal.Header>
        <Modal.Body>
          <EmptyState
            kind="details"
            title="Not found"
            description="No check has this address: it may have been deleted, or the link is incomplete."
          />
        </Modal.Body>
      </Modal.Root>
    );
  }

  const result = runCheck.data;
  return (
    <Modal.Root open onClose={onClose} size="full" data-testid={testIds.modal.root}>
      <Modal.Header>
        <StatusDot status={status} label={status} /> {name}
      </Modal.Header>
      <Modal.Body>
        <TagList tags={check?.labels ?? summary?.labels ?? {}} aria-label="Labels" />
        <Stats data-testid={testIds.modal.stats}>
          {stats.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </Stats>
        {shortScreen ? null : (
          <section aria-label="Health Overview">
            <h2 style={{ fontSize: '1rem', margin: '0 0 4px' }}>Health Overview</h2>
            {chart}
          </section>
        )}
        <Tabs aria-label="Check details" items={tabs} defaultValue="history" />
      </Modal.Body>
      <Modal.Footer>
        <Footer>
          {runCheck.isError ? (
            <RunResult $passed={false} data-testid={testIds.modal.runResult}>
              Run failed: {runCheck.error.message}
            </RunResult>
          ) : result ? (
            <RunResult $passed={!!result.pass} data-testid={testIds.modal.runResult}>
              {result.pass ? 'Passed' : 'Failed'}
              {result.duration != null ? ` in ${formatLatency(result.duration)}` : ''}
              {result.error || result.message ? `: ${result.error || result.message}` : ''}
            </RunResult>
          ) : (
            <span style={{ marginRight: 'auto' }} />
          )}
          <SlotOutlet
            slot={healthSlots.checkActions}
            props={{ check: { id: checkId, name, canaryId } }}
          />
          {canaryEditor && canaryId && check && !isExternallyDefined(source) ? (
            <UrlLink to={canaryEditor({ id: canaryId })} data-testid={testIds.modal.edit}>
              Edit
            </UrlLink>
          ) : null}
          {canRun ? (
            <Button
              variant="primary"
              loading={runCheck.isPending}
              onClick={() => runCheck.mutate()}
              data-testid={testIds.modal.runNow}
            >
              Run Now
            </Button>
          ) : null}
        </Footer>
      </Modal.Footer>
    </Modal.Root>
  );
}
