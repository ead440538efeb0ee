import { act, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { EditorView } from '@codemirror/view';
import { forEachDiagnostic } from '@codemirror/lint';
import { describe, expect, it } from 'vitest';
import { OpsdeckThemeProvider } from '../theme/ThemeProvider.tsx';
import { testIds } from '../testIds.ts';
import { CodeEditor, type CodeEditorProps } from './CodeEditor.tsx';

function Harness(props: Partial<CodeEditorProps> & { initial?: string }) {
  const { initial = '', ...rest } = props;
  const [value, setValue] = useState(initial);
  return (
    <OpsdeckThemeProvider>
      <CodeEditor label="Canary spec" value={value} onChange={setValue} {...rest} />
      <output aria-label="value">{value}</output>
    </OpsdeckThemeProvider>
  );
}

function content(): HTMLElement {
  return screen.getByRole('textbox', { name: 'Canary spec' });
}

function shownValue(): string {
  return screen.getByRole('status', { name: 'value' }).textContent ?? '';
}

function diagnosticsOf(element: HTMLElement): string[] {
  const view = EditorView.findFromDOM(element);
  const messages: string[] = [];
  if (view) forEachDiagnostic(view.state, (diagnostic) => messages.push(diagnostic.message));
  return messages;
}

// One key at a time: CodeMirror redraws the line after each input and the simulated selection
// has to follow it, as a person's typing does.
async function typeKeys(user: ReturnType<typeof userEvent.setup>, keys: string[]) {
  for (const key of keys) {
    await user.keyboard(key);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
  }
}

describe('CodeEditor', () => {
  it('labels the editing area and types into the controlled value', async () => {
    const user = userEvent.setup();
    render(<Harness initial="name: api" />);
    expect(content().getAttribute('aria-label')).toBe('Canary spec');
    await user.click(content());
    await user.keyboard('{Control>}{End}{/Control}');
    await typeKeys(user, ['{Enter}', ...'port: 8080']);
    await waitFor(() => expect(shownValue()).toMatch(/^name: api\n\s*port: 8080$/));
  });

  it('refuses edits when read-only', async () => {
    const user = userEvent.setup();
    render(<Harness initial="name: api" readOnly />);
    expect(content().getAttribute('aria-readonly')).toBe('true');
    // Still a tab stop: a long read-only document scrolls by keyboard (axe's scrollable region rule).
    expect(content().getAttribute('tabindex')).toBe('0');
    await user.click(content());
    await typeKeys(user, ['{Enter}', ...'xyz']);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(shownValue()).toBe('name: api');
    expect(EditorView.findFromDOM(content())?.state.doc.toString()).toBe('name: api');
  });

  it('shows a YAML parse error as an inline diagnostic and in the problem list', async () => {
    render(<Harness initial={'name: api\n  port: 8080\n'} />);
    const problems = screen.getByTestId(testIds.codeEditor.problems);
    expect(problems.textContent).toBe('Line 2, column 7: YAML: bad indentation of a mapping entry');
    await waitFor(() =>
      expect(diagnosticsOf(content())).toEqual(['YAML: bad indentation of a mapping entry']),
    );
  });

  it('shows JSON errors and schema problems, and clears them once fixed', async () => {
    const schema = {
      type: 'object',
      required: ['name'],
      properties: { name: { type: 'string' } },
    } as const;
    const { rerender } = render(
      <OpsdeckThemeProvider>
        <CodeEditor label="Canary spec" language="json" value={'{"name": 1,}'} schema={schema} />
      </OpsdeckThemeProvider>,
    );
    expect(screen.getByTestId(testIds.codeEditor.problems).textContent).toMatch(
      /^Line 1, column 12: JSON: /,
    );
    rerender(
      <OpsdeckThemeProvider>
        <CodeEditor label="Canary spec" language="json" value={'{"name": 1}'} schema={schema} />
      </OpsdeckThemeProvider>,
    );
    // The validator loads on first use, so the schema problem follows the syntax check.
    await waitFor(() =>
      expect(screen.getByTestId(testIds.codeEditor.problems).textContent).toBe(
        "Line 1, column 2: 'name' must be of type string",
      ),
    );
    await waitFor(() =>
      expect(diagnosticsOf(content())).toEqual(["'name' must be of type string"]),
    );
    rerender(
      <OpsdeckThemeProvider>
        <CodeEditor label="Canary spec" language="json" value={'{"name": "api"}'} schema={schema} />
      </OpsdeckThemeProvider>,
    );
    expect(screen.getByTestId(testIds.codeEditor.problems).textContent).toBe('');
    expect(EditorView.findFromDOM(content())?.state.doc.toString()).toBe('{"name": "api"}');
    await waitFor(() => expect(diagnosticsOf(content())).toEqual([]));
  });

  it('tells the caller about problem changes, also with an inline validate and state in the caller', async () => {
    const user = userEvent.setup();
    function Form() {
      const [value, setValue] = useState('name: api');
      const [count, setCount] = useState(-1);
      return (
        <OpsdeckThemeProvider>
          <CodeEditor
            label="Canary spec"
            value={value}
            onChange={setValue}
            validate={(parsed) =>
              (parsed as { name?: unknown }).name === 'api'
                ? []
                : [{ path: ['name'], message: 'name must be api' }]
            }
            onProblemsChange={(problems) => setCount(problems.length)}
          />
          <output aria-label="problem count">{count}</output>
        </OpsdeckThemeProvider>
      );
    }
    render(<Form />);
    expect(screen.getByRole('status', { name: 'problem count' }).textContent).toBe('0');
    await user.click(content());
    await typeKeys(user, ['{Control>}{End}{/Control}', 'x']);
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'problem count' }).textContent).toBe('1'),
    );
    expect(screen.getByTestId(testIds.codeEditor.problems).textContent).toBe(
      'Line 1, column 1: name must be api',
    );
  });

  it('moves the cursor to a problem picked from the list', async () => {
    const user = userEvent.setup();
    render(<Harness initial={'name: api\n  port: 8080\n'} />);
    await user.click(screen.getByRole('button', { name: /Line 2, column 7/ }));
    const view = EditorView.findFromDOM(content());
    expect(view?.state.selection.main.head).toBe(16);
    expect(view?.hasFocus).toBe(true);
  });
});
