// CodeMirror is most of a form's weight; a form without a code field (most connection types) must
// not download it. Every code area in forms goes through here, so the editor's module is imported
// the first time one renders and never before.
import { lazy, Suspense } from 'react';
import styled from 'styled-components';
import type { CodeEditorProps } from '../CodeEditor/CodeEditor.tsx';

const CodeEditor = lazy(() =>
  import('../CodeEditor/CodeEditor.tsx').then((module) => ({ default: module.CodeEditor })),
);

const Skeleton = styled.textarea<{ $height: string }>`
  box-sizing: border-box;
  width: 100%;
  height: ${({ $height }) => $height};
  margin: 0;
  padding: ${({ theme }) => theme.space.xs};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.textMuted};
  font-family: ${({ theme }) => theme.fontFamily.mono};
  font-size: ${({ theme }) => theme.fontSize.sm};
  resize: none;
`;

/**
 * The CodeEditor, loaded on first render. Until it arrives a read-only textarea with the same name
 * shows the text, so the form keeps its layout and nothing typed can be lost in the gap.
 */
export function LazyCodeEditor(props: CodeEditorProps) {
  const height = props.height ?? 'min(1000px, 90vh)';
  return (
    <Suspense
      fallback={
        <Skeleton
          readOnly
          aria-busy="true"
          aria-label={props.label}
          value={props.value}
          $height={height}
          data-testid={props['data-testid']}
        />
      }
    >
      <CodeEditor {...props} />
    </Suspense>
  );
}
