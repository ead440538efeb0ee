import type { CheckGraphReply } from '@opsdeck/api-client/health';
import { formatLatency } from '@opsdeck/ui';
import styled from 'styled-components';
import { testIds } from '../testIds.ts';

// Hand-drawn SVG rather than a chart library: one latency line and one pass/fail strip need ~60
// lines, and the standalone page has a 120 KB gzip budget that a chart library alone would eat.
const width = 800;
const height = 160;
const statusBand = 14;
const plotTop = 8;
const plotBottom = height - statusBand - 6;

const Figure = styled.figure`
  margin: 0;
  svg {
    display: block;
    width: 100%;
    height: ${height}px;
  }
  figcaption {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSize.xs};
  }
`;

export interface HealthOverviewSummary {
  points: number;
  passed: number;
  failed: number;
  maxLatency: number | null;
}

/** What the chart shows, in numbers: also its accessible description. */
export function summarizeGraph(graph: CheckGraphReply | undefined): HealthOverviewSummary {
  let passed = 0;
  let failed = 0;
  let maxLatency: number | null = null;
  for (const point of graph?.status ?? []) {
    const p = point.passed ?? (point.status ? 1 : 0);
    const f = point.failed ?? (point.status ? 0 : 1);
    passed += p;
    failed += f;
    if (point.duration != null && (maxLatency === null || point.duration > maxLatency))
      maxLatency = point.duration;
  }
  return { points: graph?.status.length ?? 0, passed, failed, maxLatency };
}

export function HealthOverviewChart({
  graph,
  timeRange,
}: {
  graph: CheckGraphReply | undefined;
  timeRange: string;
}) {
  const points = [...(graph?.status ?? [])].sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
  const summary = summarizeGraph(graph);
  const description =
    summary.points === 0
      ? `No results in the last ${timeRange}`
      : `Last ${timeRange}: ${summary.passed} passed, ${summary.failed} failed, slowest ${formatLatency(summary.maxLatency)}`;
  const t0 = points.length ? Date.parse(points[0]!.time) : 0;
  const t1 = points.length ? Date.parse(points[points.length - 1]!.time) : 1;
  const x = (time: string) =>
    t1 === t0 ? width / 2 : ((Date.parse(time) - t0) / (t1 - t0)) * (width - 8) + 4;
  const max = summary.maxLatency || 1;
  const y = (duration: number) => plotBottom - (duration / max) * (plotBottom - plotTop);
  const line = points
    .filter((point) => point.duration != null)
    .map((point) => `${x(point.time).toFixed(1)},${y(point.duration!).toFixed(1)}`)
    .join(' ');
  const barWidth = Math.max(1, Math.min(8, (width - 8) / Math.max(points.length, 1) - 1));

  return (
    <Figure data-testid={testIds.modal.chart}>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={`Health Overview. ${description}`}
      >
        <line
          x1="0"
          x2={width}
          y1={plotBottom}
          y2={plotBottom}
          stroke="currentColor"
          strokeOpacity="0.2"
        />
        {line ? (
          <polyline
            points={line}
            fill="none"
            stroke="#2563eb"
            strokeWidth="1.5"
            vectorEffect="non-scaling-stroke"
          />
        ) : null}
        {points.map((point) => {
          const failed = (point.failed ?? (point.status ? 0 : 1)) > 0;
          return (
            <rect
              key={point.time}
              x={x(point.time) - barWidth / 2}
              y={height - statusBand}
              width={barWidth}
              height={statusBand}
              fill={failed ? '#dc2626' : '#16a34a'}
            />
          );
        })}
      </svg>
      <figcaption>{description}. Line: latency; strip: pass (green) / fail (red).</figcaption>
    </Figure>
  );
}
