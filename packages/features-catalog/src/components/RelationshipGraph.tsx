import { StatusDot } from '@opsdeck/ui';
import { Link } from 'react-router';
import styled from 'styled-components';
import { configPath } from '../ListPage/ConfigLink.tsx';
import type { RelationshipGraph as Graph } from '../model/relationships.ts';
import { formatTypePath } from '../model/typePath.ts';
import { catalogTestIds } from '../testIds.ts';

const nodeWidth = 200;
const nodeHeight = 48;
const columnGap = 56;
const rowGap = 12;

const Frame = styled.div`
  position: relative;
  max-width: 100%;
  max-height: 70vh;
  overflow: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
`;

const Canvas = styled.div`
  position: relative;
  margin: ${({ theme }) => theme.space.md};
`;

const Edges = styled.svg`
  position: absolute;
  inset: 0;
  overflow: visible;
  pointer-events: none;

  path {
    fill: none;
    stroke: ${({ theme }) => theme.colors.borderStrong};
    stroke-width: 1.5;
  }
`;

const Node = styled(Link)<{ $current: boolean }>`
  position: absolute;
  display: flex;
  flex-direction: column;
  justify-content: center;
  gap: 2px;
  width: ${nodeWidth}px;
  height: ${nodeHeight}px;
  padding: 0 ${({ theme }) => theme.space.sm};
  border: ${({ $current }) => ($current ? 2 : 1)}px solid
    ${({ theme, $current }) => ($current ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSize.xs};
  text-decoration: none;
  overflow: hidden;

  strong,
  span {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  strong {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.xs};
    font-size: ${({ theme }) => theme.fontSize.sm};
  }
  span {
    color: ${({ theme }) => theme.colors.textMuted};
  }

  &:hover,
  &:focus-visible {
    border-color: ${({ theme }) => theme.colors.primary};
  }
`;

const x = (column: number) => column * (nodeWidth + columnGap);
const y = (row: number) => row * (nodeHeight + rowGap);

/** The relationship graph: the config on the left, each further hop a column to the right. */
export function RelationshipGraph({ graph, configId }: { graph: Graph; configId: string }) {
  const position = new Map(graph.nodes.map((node) => [node.id, node]));
  const width = x(graph.columns) - columnGap;
  const height = y(graph.rows) - rowGap;
  return (
    <Frame
      role="region"
      aria-label="Relationship graph"
      data-testid={catalogTestIds.relationships.graph}
    >
      <Canvas style={{ width, height }}>
        <Edges width={width} height={height} aria-hidden="true">
          {graph.edges.map((edge) => {
            const from = position.get(edge.from);
            const to = position.get(edge.to);
            if (!from || !to) return null;
            const [left, right] = from.column <= to.column ? [from, to] : [to, from];
            const x1 = x(left.column) + nodeWidth;
            const y1 = y(left.row) + nodeHeight / 2;
            const x2 = x(right.column);
            const y2 = y(right.row) + nodeHeight / 2;
            const bend = Math.max(columnGap / 2, (x2 - x1) / 2);
            return (
              <path
                key={`${edge.from}|${edge.to}`}
                d={
                  left.column === right.column
                    ? `M${x1} ${y1} C${x1 + columnGap / 2} ${y1} ${x1 + columnGap / 2} ${y2} ${x1} ${y2}`
                    : `M${x1} ${y1} C${x1 + bend} ${y1} ${x2 - bend} ${y2} ${x2} ${y2}`
                }
              />
            );
          })}
        </Edges>
        {graph.nodes.map((node) => (
          <Node
            key={node.id}
            to={configPath(node.id)}
            $current={node.id === configId}
            aria-current={node.id === configId ? 'page' : undefined}
            data-testid={catalogTestIds.relationships.node}
            style={{ left: x(node.column), top: y(node.row) }}
            title={`${node.name} (${node.type ?? 'no type'})`}
          >
            <strong>
              <StatusDot
                status={node.health ?? 'unknown'}
                label={`Health: ${node.health ?? 'unknown'}`}
                size={8}
              />
              {node.name}
            </strong>
            <span>{formatTypePath(node.type)}</span>
          </Node>
        ))}
      </Canvas>
    </Frame>
  );
}
