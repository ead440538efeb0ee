import { useEffect, useMemo, useRef, useState } from 'react';
import styled, { useTheme } from 'styled-components';
import { basicSetup } from 'codemirror';
import { json } from '@codemirror/lang-json';
import { yaml } from '@codemirror/lang-yaml';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { Compartment, EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { testIds } from '../testIds.ts';
import { editorTheme } from './editorTheme.ts';
import type { CodeLanguage, CodeProblem } from '@opsdeck/contracts/form';
import { findProblems } from './problems.ts';
import {
  loadSchemaCheck,
  type JsonSchema,
  type SchemaCheck,
  type SchemaProblem,
} from './schema.ts';

/** The editor's default height (settings spec §9). */
export const CODE_EDITOR_HEIGHT = 'min(1000px, 90vh)';

export interface CodeEditorProps {
  value: string;
  onChange?: (value: string) => void;
  language?: CodeLanguage;
  /** Accessible name of the editing area, e.g. "Canary spec". */
  label: string;
  /** Any CSS height; defaults to min(1000px, 90vh). */
  height?: string;
  readOnly?: boolean;
  /** Checks the parsed document against a JSON schema (drafts 4 to 2020-12; the validator loads on first use). */
  schema?: JsonSchema;
  /** Further checks of the parsed document; problems carry a key path to be placed on the text. */
  validate?: (value: unknown) => readonly SchemaProblem[];
  /** Told whenever the problems change, e.g. to disable a Save button. */
  onProblemsChange?: (problems: readonly CodeProblem[]) => void;
  'data-testid'?: string;
}

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

const Problems = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const ProblemButton = styled.button`
  padding: ${({ theme }) => `${theme.space.xxs} 0`};
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.danger};
  font: inherit;
  text-align: left;
  cursor: pointer;
`;

function languageExtension(language: CodeLanguage) {
  if (language === 'text') return [];
  return language === 'yaml' ? yaml() : json();
}

function accessExtensions(label: string, readOnly: boolean) {
  return [
    EditorState.readOnly.of(readOnly),
    // Read-only content stays focusable and selectable (copying a spec is common), so it says so.
    // The explicit tabindex tells axe (scrollable-region-focusable) what a browser already knows:
    // contenteditable content is a tab stop, so a long document's scroller is reachable by keyboard.
    EditorView.contentAttributes.of({
      tabindex: '0',
      'aria-label': label,
      ...(readOnly ? { 'aria-readonly': 'true' } : {}),
    }),
  ];
}

function toDiagnostics(problems: readonly CodeProblem[], length: number): Diagnostic[] {
  // The document can be ahead of the value the problems were found in; keep ranges inside it.
  return problems.map((problem) => ({
    from: Math.min(problem.from, length),
    to: Math.min(problem.to, length),
    severity: problem.severity,
    message: problem.message,
  }));
}

/**
 * YAML/JSON editor on CodeMirror 6 with parse errors and schema problems shown inline (underline
 * and gutter marker) and listed below the editor, where screen readers and keyboards reach them.
 */
export function CodeEditor({
  value,
  onChange,
  language = 'yaml',
  label,
  height = CODE_EDITOR_HEIGHT,
  readOnly = false,
  schema,
  validate,
  onProblemsChange,
  'data-testid': testId = testIds.codeEditor.root,
}: CodeEditorProps) {
  const theme = useTheme();
  const hostRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const onChangeRef = useRef(onChange);
  const compartments = useMemo(
    () => ({ language: new Compartment(), access: new Compartment(), theme: new Compartment() }),
    [],
  );
  // The first render's settings build the editor; later changes reconfigure it in the effects below.
  const initial = useRef({ value, language, label, readOnly, theme, height });

  const onProblemsChangeRef = useRef(onProblemsChange);

  useEffect(() => {
    onChangeRef.current = onChange;
    onProblemsChangeRef.current = onProblemsChange;
  }, [onChange, onProblemsChange]);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const start = initial.current;
    const view = new EditorView({
      parent: host,
      state: EditorState.create({
        doc: start.value,
        extensions: [
          basicSetup,
          lintGutter(),
          compartments.language.of(languageExtension(start.language)),
          compartments.access.of(accessExtensions(start.label, start.readOnly)),
          compartments.theme.of(editorTheme(start.theme, start.height)),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) onChangeRef.current?.(update.state.doc.toString());
          }),
        ],
      }),
    });
    viewRef.current = view;
    return () => {
      view.destroy();
      viewRef.current = null;
    };
  }, [compartments]);

  // Controlled value: a change from outside replaces the document (typing already matches it).
  useEffect(() => {
    const view = viewRef.current;
    if (!view) return;
    const current = view.state.doc.toString();
    if (current !== value)
      view.dispatch({ changes: { from: 0, to: current.length, insert: value } });
  }, [value]);

  useEffect(() => {
    viewRef.current?.dispatch({
      effects: compartments.language.reconfigure(languageExtension(language)),
    });
  }, [compartments, language]);

  useEffect(() => {
    viewRef.current?.dispatch({
      effects: compartments.access.reconfigure(accessExtensions(label, readOnly)),
    });
  }, [compartments, label, readOnly]);

  useEffect(() => {
    viewRef.current?.dispatch({
      effects: compartments.theme.reconfigure(editorTheme(theme, height)),
    });
  }, [compartments, theme, height]);

  // The validator arrives asynchronously; until then (and without a schema) only syntax and `validate` count.
  const schemaKey = schema ? JSON.stringify(schema) : undefined;
  const [loaded, setLoaded] = useState<{ key: string; check: SchemaCheck }>();
  useEffect(() => {
    if (schemaKey === undefined) return;
    let current = true;
    void loadSchemaCheck(JSON.parse(schemaKey) as JsonSchema).then((check) => {
      if (current) setLoaded({ key: schemaKey, check });
    });
    return () => {
      current = false;
    };
  }, [schemaKey]);
  const schemaCheck = loaded && loaded.key === schemaKey ? loaded.check : undefined;

  const problems = useMemo(
    () => findProblems(value, { language, schemaCheck, validate }),
    [value, language, schemaCheck, validate],
  );
  // Compared by content: an inline `validate` yields equal but new arrays each render, and telling
  // the caller each time would loop when it keeps the problems in state.
  const problemsKey = JSON.stringify(problems);

  useEffect(() => {
    const current = JSON.parse(problemsKey) as CodeProblem[];
    const view = viewRef.current;
    if (view)
      view.dispatch(setDiagnostics(view.state, toDiagnostics(current, view.state.doc.length)));
    onProblemsChangeRef.current?.(current);
  }, [problemsKey]);

  function reveal(problem: CodeProblem) {
    const view = viewRef.current;
    if (!view) return;
    const at = Math.min(problem.from, view.state.doc.length);
    view.dispatch({ selection: { anchor: at }, scrollIntoView: true });
    view.focus();
  }

  return (
    <Wrapper data-testid={testId}>
      <div ref={hostRef} />
      <Problems
        data-testid={testIds.codeEditor.problems}
        aria-live="polite"
        aria-label={`Problems in ${label}`}
      >
        {problems.map((problem) => (
          <li key={`${problem.from}:${problem.message}`}>
            <ProblemButton type="button" onClick={() => reveal(problem)}>
              Line {problem.line}, column {problem.column}: {problem.message}
            </ProblemButton>
          </li>
        ))}
      </Problems>
    </Wrapper>
  );
}
