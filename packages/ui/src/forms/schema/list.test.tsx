import { EditorView } from '@codemirror/view';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OpsdeckThemeProvider } from '../../theme/index.ts';
import { REQUIRED_MESSAGE } from '@opsdeck/contracts/form';
import type { FormDescription } from '@opsdeck/contracts/form';
import { defaultValues, submittedValues } from '@opsdeck/contracts/form';
import { listMaxMessage, listMinMessage, rulesFor } from '@opsdeck/contracts/form';
import { SchemaForm, type SchemaFormProps } from './SchemaForm.tsx';

const canary: FormDescription = {
  type: 'canary',
  label: 'Canary',
  fields: [
    { kind: 'text', name: 'name', label: 'Name', required: true },
    {
      kind: 'list',
      name: 'responseCodes',
      label: 'Response codes',
      item: { kind: 'number', label: 'Response code', required: true, min: 100, max: 599 },
      maxItems: 3,
      default: [200],
    },
    {
      kind: 'list',
      name: 'http',
      label: 'HTTP checks',
      minItems: 1,
      item: {
        kind: 'group',
        label: 'HTTP check',
        fields: [
          { kind: 'text', name: 'url', label: 'URL', required: true },
          {
            kind: 'select',
            name: 'method',
            label: 'Method',
            default: 'GET',
            options: ['GET', 'POST'].map((value) => ({ value, label: value })),
          },
          // Conditions in an item read the item, not the form.
          {
            kind: 'text',
            name: 'body',
            label: 'Body',
            required: true,
            when: { name: 'method', equals: 'POST' },
          },
        ],
      },
    },
  ],
};

async function errorsOf(values: Record<string, unknown>): Promise<Record<string, string>> {
  try {
    await rulesFor(canary, values).validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    const inner = (error as { inner: { path: string; message: string }[] }).inner;
    return Object.fromEntries(inner.map((issue) => [issue.path, issue.message]));
  }
}

describe('list kind: defaults, rules, submitted value', () => {
  it("starts with the list's default, or minItems items holding the item's defaults", () => {
    expect(defaultValues(canary)).toEqual({
      name: '',
      responseCodes: [200],
      // As everywhere, a hidden field gets its default too (it is dropped on submit).
      http: [{ url: '', method: 'GET', body: '' }],
    });
    expect(defaultValues(canary, { http: [] }).http).toEqual([]);
    // An edited record's items get what they lack, as new ones do.
    expect(defaultValues(canary, { http: [{ url: 'https://a.example' }] }).http).toEqual([
      { url: 'https://a.example', method: 'GET', body: '' },
    ]);
  });

  it("puts each item's errors on the item's field and the bounds on the list", async () => {
    const values = {
      name: 'api',
      responseCodes: [200, 'abc', 700],
      http: [
        { url: 'https://a.example', method: 'GET' },
        { url: '', method: 'POST' },
      ],
    };
    expect(await errorsOf(values)).toEqual({
      'responseCodes[1]': 'This field must be a number',
      'responseCodes[2]': 'Must be at most 599',
      'http[1].url': REQUIRED_MESSAGE,
      'http[1].body': REQUIRED_MESSAGE,
    });
    expect(await errorsOf({ ...values, responseCodes: [200, 201, 202, 204], http: [] })).toEqual({
      responseCodes: listMaxMessage(3),
      http: listMinMessage(1),
    });
  });

  it("drops an item's hidden fields from the submitted value", () => {
    const submitted = submittedValues(canary, {
      name: 'api',
      responseCodes: [200],
      http: [
        { url: 'https://a.example', method: 'GET', body: 'stale' },
        { url: 'https://b.example', method: 'POST', body: '{}' },
      ],
    });
    expect(submitted.http).toEqual([
      { url: 'https://a.example', method: 'GET' },
      { url: 'https://b.example', method: 'POST', body: '{}' },
    ]);
  });
});

function renderForm(props: Partial<SchemaFormProps> = {}) {
  const onSubmit = vi.fn<SchemaFormProps['onSubmit']>();
  render(
    <OpsdeckThemeProvider mode="light">
      <SchemaForm description={canary} onSubmit={onSubmit} {...props} />
    </OpsdeckThemeProvider>,
  );
  return { onSubmit, user: userEvent.setup() };
}

function inputValue(name: string | RegExp): string {
  return (screen.getByRole('textbox', { name }) as HTMLInputElement).value;
}

function codes(): string[] {
  const list = screen.getByRole('list', { name: 'Response codes' });
  return within(list)
    .getAllByRole('textbox')
    .map((input) => (input as HTMLInputElement).value);
}

/** The text of the elements an input's aria-describedby points at. */
function description(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

describe('ListField in a SchemaForm', { timeout: 20_000 }, () => {
  it('adds an item with its defaults and focuses it; stops adding at maxItems', async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Add Response code' }));
    const second = screen.getByRole('textbox', { name: 'Response code 2' });
    expect(document.activeElement).toBe(second);
    await user.type(second, '404');
    await user.click(screen.getByRole('button', { name: 'Add Response code' }));
    expect(codes()).toEqual(['200', '404', '']);
    expect(
      (screen.getByRole('button', { name: 'Add Response code' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    const list = screen.getByRole('group', { name: 'Response codes' });
    expect(within(list).getByRole('status').textContent).toBe('Response code 3 added');
  });

  it('reorders with Alt+Arrow keys and the move buttons, focus following the item', async () => {
    const { user, onSubmit } = renderForm({ initialValues: { responseCodes: [200, 301, 404] } });
    const first = screen.getByRole('textbox', { name: 'Response code 1' });
    first.focus();
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(codes()).toEqual(['301', '200', '404']);
    // The focused input moved with its item: it is now the second one.
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Response code 2' }));
    expect((document.activeElement as HTMLInputElement).value).toBe('200');

    const down = screen.getByRole('button', { name: 'Move Response code 2 down' });
    down.focus();
    await user.keyboard('{Enter}');
    expect(codes()).toEqual(['301', '404', '200']);
    // Last place: its Move down is disabled, so focus is on the same item's Move up.
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Move Response code 3 up' }),
    );
    await user.keyboard('{Enter}');
    expect(codes()).toEqual(['301', '200', '404']);

    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'api');
    await user.type(screen.getByRole('textbox', { name: /^URL/ }), 'https://a.example');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ responseCodes: [301, 200, 404] });
  });

  it('removes an item and keeps focus in the list; not below minItems', async () => {
    const { user } = renderForm({ initialValues: { responseCodes: [200, 301, 404] } });
    await user.click(screen.getByRole('button', { name: 'Remove Response code 2' }));
    expect(codes()).toEqual(['200', '404']);
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Remove Response code 2' }),
    );
    // http has minItems 1: its only item cannot be removed.
    expect(
      (screen.getByRole('button', { name: 'Remove HTTP check 1' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it("shows an item's errors on that item's field, and its conditions read the item", async () => {
    const { user, onSubmit } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Add HTTP check' }));
    const second = screen.getByRole('group', { name: 'HTTP check 2' });
    expect(within(second).queryByRole('textbox', { name: /^Body/ })).toBeNull();
    await user.click(within(second).getByRole('combobox', { name: 'Method' }));
    await user.click(screen.getByRole('option', { name: 'POST' }));
    expect(within(second).getByRole('textbox', { name: /^Body/ })).toBeTruthy();
    const first = screen.getByRole('group', { name: 'HTTP check 1' });
    expect(within(first).queryByRole('textbox', { name: /^Body/ })).toBeNull();

    await user.type(within(first).getByRole('textbox', { name: /^URL/ }), 'https://a.example');
    await user.type(
      within(screen.getByRole('list', { name: 'Response codes' })).getByRole('textbox'),
      '9',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(description(within(second).getByRole('textbox', { name: /^URL/ }))).toBe(
        REQUIRED_MESSAGE,
      ),
    );
    expect(description(within(second).getByRole('textbox', { name: /^Body/ }))).toBe(
      REQUIRED_MESSAGE,
    );
    expect(description(within(first).getByRole('textbox', { name: /^URL/ }))).toBe('');
    expect(description(screen.getByRole('textbox', { name: 'Response code 1' }))).toBe(
      'Must be at most 599',
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows the list's own error under the list on submit, and adding an item clears it", async () => {
    const { user, onSubmit } = renderForm({ initialValues: { name: 'api', http: [] } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const list = screen.getByRole('group', { name: 'HTTP checks' });
    await waitFor(() => expect(description(list)).toBe(listMinMessage(1)));
    await user.click(within(list).getByRole('button', { name: 'Add HTTP check' }));
    await waitFor(() => expect(description(list)).toBe(''));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('round-trips through the Code tab', async () => {
    const { user, onSubmit } = renderForm({ codeTab: true });
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'api');
    await user.click(screen.getByRole('tab', { name: 'Code' }));
    let view: EditorView | null = null;
    await waitFor(() => {
      view = EditorView.findFromDOM(screen.getByRole('textbox', { name: 'Canary as YAML' }));
      expect(view).toBeTruthy();
    });
    const editor = view as unknown as EditorView;
    expect(editor.state.doc.toString()).toContain('responseCodes:\n  - 200\n');
    const yaml = editor.state.doc
      .toString()
      .replace('responseCodes:\n  - 200\n', 'responseCodes:\n  - 201\n  - 404\n')
      .replace("url: ''", 'url: https://b.example');
    act(() => editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: yaml } }));
    await user.click(screen.getByRole('tab', { name: 'Form' }));
    expect(codes()).toEqual(['201', '404']);
    expect(inputValue(/^URL/)).toBe('https://b.example');
    await user.click(screen.getByRole('button', { name: 'Move Response code 2 up' }));
    await user.click(screen.getByRole('tab', { name: 'Code' }));
    await waitFor(() =>
      expect(
        EditorView.findFromDOM(
          screen.getByRole('textbox', { name: 'Canary as YAML' }),
        )?.state.doc.toString(),
      ).toContain('responseCodes:\n  - 404\n  - 201\n'),
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      name: 'api',
      responseCodes: [404, 201],
      http: [{ url: 'https://b.example', method: 'GET' }],
    });
  });
});
