import styled from 'styled-components';
import { actionResultView, cellText, type ActionResultView } from '../model/results.ts';
import type { PlaybookActionKind } from '@opsdeck/contracts';

const Output = styled.pre`
  margin: 0;
  max-height: 420px;
  overflow: auto;
  padding: ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.text};
  font-family: ${({ theme }) => theme.fontFamily.mono};
  font-size: ${({ theme }) => theme.fontSize.xs};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Block = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};

  h4 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSize.xs};
    font-weight: ${({ theme }) => theme.fontWeight.semibold};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Scroll = styled.div`
  max-width: 100%;
  overflow: auto;

  table {
    border-collapse: collapse;
    font-size: ${({ theme }) => theme.fontSize.xs};
  }
  th,
  td {
    padding: ${({ theme }) => `${theme.space.xxs} ${theme.space.sm}`};
    border: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
    vertical-align: top;
  }
`;

function Section({ title, text }: { title: string; text: string }) {
  return (
    <Block>
      <h4>{title}</h4>
      <Output>{text}</Output>
    </Block>
  );
}

function ResultBody({ view, name }: { view: ActionResultView; name: string }) {
  switch (view.kind) {
    case 'exec':
      return (
        <>
          {view.exitCode !== undefined && (
            <Block>
              <h4>Exit code {view.exitCode}</h4>
            </Block>
          )}
          {view.stdout !== '' && <Section title="stdout" text={view.stdout} />}
          {view.stderr !== '' && <Section title="stderr" text={view.stderr} />}
        </>
      );
    case 'http':
      return (
        <>
          <Block>
            <h4>HTTP {view.code ?? '–'}</h4>
          </Block>
          <Section title="Body" text={view.body} />
          {view.headers.length > 0 && (
            <Section
              title="Headers"
              text={view.headers.map(([key, value]) => `${key}: ${value}`).join('\n')}
            />
          )}
        </>
      );
    case 'sql':
      return (
        <>
          {view.query !== '' && <Section title="Query" text={view.query} />}
          <Scroll>
            <table aria-label={`${name} rows`}>
              <thead>
                <tr>
                  {view.columns.map((column) => (
                    <th key={column} scope="col">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {view.rows.map((row, index) => (
                  <tr key={index}>
                    {view.columns.map((column) => (
                      <td key={column}>{cellText(row[column])}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </Scroll>
        </>
      );
    case 'notification':
      return (
        <Block>
          <h4>{view.title}</h4>
          <Output>{view.message}</Output>
        </Block>
      );
    case 'logs':
      return <Section title="Logs" text={view.text} />;
    case 'raw':
      return <Section title="Result" text={view.text} />;
    case 'empty':
      return null;
  }
}

/** One action's result, drawn by its kind (exec output, HTTP reply, SQL rows…). */
export function ActionResult({
  result,
  kind,
  name,
}: {
  result: unknown;
  kind: PlaybookActionKind | undefined;
  name: string;
}) {
  return <ResultBody view={actionResultView(result, kind)} name={name} />;
}
