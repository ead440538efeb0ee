import { Button } from '@opsdeck/ui';
import { Fragment, useMemo, useState } from 'react';
import styled, { css } from 'styled-components';
import {
  countNoise,
  diffStats,
  sideBySide,
  withoutNoise,
  type DiffHunk,
  type DiffLine,
} from '../model/diff.ts';
import { catalogTestIds } from '../testIds.ts';
import { Muted, Toolbar } from './PageLayout.ts';

export type DiffLayout = 'unified' | 'split';

const Frame = styled.div`
  max-width: 100%;
  overflow: auto;
  max-height: 70vh;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-family: ${({ theme }) => theme.fontFamily.mono};
  font-size: ${({ theme }) => theme.fontSize.xs};
  line-height: 1.5;

  td {
    padding: 0 ${({ theme }) => theme.space.sm};
    vertical-align: top;
    white-space: pre;
  }
`;

const HunkHeader = styled.td`
  background: ${({ theme }) => theme.colors.statusSoft.primary.background};
  color: ${({ theme }) => theme.colors.statusSoft.primary.text};
`;

const Number = styled.td`
  width: 1%;
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: right;
  user-select: none;
`;

const lineColours = {
  add: css`
    background: ${({ theme }) => theme.colors.statusSoft.green.background};
    color: ${({ theme }) => theme.colors.statusSoft.green.text};
  `,
  remove: css`
    background: ${({ theme }) => theme.colors.statusSoft.red.background};
    color: ${({ theme }) => theme.colors.statusSoft.red.text};
  `,
  context: css``,
  empty: css`
    background: ${({ theme }) => theme.colors.surfaceHover};
  `,
};

const Code = styled.td<{ $kind: keyof typeof lineColours }>`
  ${({ $kind }) => lineColours[$kind]}
`;

// ui keeps its visually-hidden helper internal; the same clip rule here.
const Spoken = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;

const markOf = { add: '+', remove: '-', context: ' ' } as const;
// Screen readers hear what a coloured line means.
const spokenMark = { add: 'added: ', remove: 'removed: ', context: '' } as const;

function LineCode({ line }: { line: DiffLine | undefined }) {
  if (!line) return <Code $kind="empty" />;
  return (
    <Code $kind={line.kind} data-testid={catalogTestIds.diff.line} data-kind={line.kind}>
      <Spoken>{spokenMark[line.kind]}</Spoken>
      <span aria-hidden="true">{markOf[line.kind]}</span>
      {line.text}
    </Code>
  );
}

function Unified({ hunks }: { hunks: readonly DiffHunk[] }) {
  return (
    <Table>
      <tbody>
        {hunks.map((hunk, index) => (
          <Fragment key={index}>
            <tr>
              <HunkHeader colSpan={3}>{hunk.header}</HunkHeader>
            </tr>
            {hunk.lines.map((line, lineIndex) => (
              <tr key={lineIndex}>
                <Number>{line.oldNumber ?? ''}</Number>
                <Number>{line.newNumber ?? ''}</Number>
                <LineCode line={line} />
              </tr>
            ))}
          </Fragment>
        ))}
      </tbody>
    </Table>
  );
}

function Split({ hunks }: { hunks: readonly DiffHunk[] }) {
  return (
    <Table>
      <tbody>
        {hunks.map((hunk, index) => (
          <Fragment key={index}>
            <tr>
              <HunkHeader colSpan={4}>{hunk.header}</HunkHeader>
            </tr>
            {sideBySide(hunk).map((row, rowIndex) => (
              <tr key={rowIndex}>
                <Number>{row.left?.oldNumber ?? ''}</Number>
                <LineCode line={row.left?.kind === 'add' ? undefined : row.left} />
                <Number>{row.right?.newNumber ?? ''}</Number>
                <LineCode line={row.right?.kind === 'remove' ? undefined : row.right} />
              </tr>
            ))}
          </Fragment>
        ))}
      </tbody>
    </Table>
  );
}

/**
 * A diff people can read: noise fields hidden unless asked for, unified or side by side. The
 * layout choice is the reader's, kept while the view is open.
 */
export function DiffView({ hunks, label }: { hunks: readonly DiffHunk[]; label: string }) {
  const [layout, setLayout] = useState<DiffLayout>('unified');
  const [showNoise, setShowNoise] = useState(false);
  const noise = countNoise(hunks);
  const shown = useMemo(() => (showNoise ? hunks : withoutNoise(hunks)), [hunks, showNoise]);
  const stats = diffStats(shown);
  return (
    <div data-testid={catalogTestIds.diff.root}>
      <Toolbar>
        <Muted>
          {stats.added} added, {stats.removed} removed
        </Muted>
        <Button
          aria-pressed={layout === 'split'}
          onClick={() => setLayout(layout === 'split' ? 'unified' : 'split')}
        >
          Side by side
        </Button>
        {noise > 0 ? (
          <Button aria-pressed={showNoise} onClick={() => setShowNoise(!showNoise)}>
            {showNoise ? 'Hide noise' : `Show ${noise} noise ${noise === 1 ? 'line' : 'lines'}`}
          </Button>
        ) : null}
      </Toolbar>
      {shown.length === 0 ? (
        <Muted>
          {hunks.length === 0 ? 'This change has no diff.' : 'Only noise fields changed.'}
        </Muted>
      ) : (
        <Frame role="region" aria-label={label} tabIndex={0}>
          {layout === 'split' ? <Split hunks={shown} /> : <Unified hunks={shown} />}
        </Frame>
      )}
    </div>
  );
}
