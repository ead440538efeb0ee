import { EditorView } from '@codemirror/view';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OpsdeckThemeProvider } from '../../theme/index.ts';
import { REQUIRED_MESSAGE } from '@opsdeck/contracts/form';
import type { FormDescription } from '@opsdeck/contracts/form';
import { httpCheck } from '@opsdeck/contracts/canary';
import { postgresConnection, slackConnection } from '@opsdeck/contracts/connection';
import { SchemaFieldComponentsProvider, type SchemaFieldProps } from './SchemaField.tsx';
import { SchemaForm, type SchemaFormProps } from './SchemaForm.tsx';

function renderForm(props: Partial<SchemaFormProps> & { description: FormDescription }) {
  const onSubmit = vi.fn<SchemaFormProps['onSubmit']>();
  render(
    <OpsdeckThemeProvider mode="light">
      <SchemaForm onSubmit={onSubmit} {...props} />
    </OpsdeckThemeProvider>,
  );
  return {
    onSubmit: (props.onSubmit as typeof onSubmit | undefined) ?? onSubmit,
    user: userEvent.setup(),
  };
}

/** The text of the elements an input's aria-describedby points at. */
function description(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

/** The CodeMirror view named `name`, once the lazily loaded editor has replaced its skeleton. */
async function editorView(name: string): Promise<EditorView> {
  let view: EditorView | null = null;
  await waitFor(() => {
    view = EditorView.findFromDOM(screen.getByRole('textbox', { name }));
    if (!view) throw new Error(`no editor named ${name}`);
  });
  return view as unknown as EditorView;
}

/** Replaces the whole text of a CodeMirror editor, as a paste over a selection would. */
async function replaceCode(name: string, text: string) {
  const view = await editorView(name);
  act(() => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } }));
}

async function codeText(name: string): Promise<string> {
  return (await editorView(name)).state.doc.toString();
}

const everyKind: FormDescription = {
  type: 'every-kind',
  label: 'Every kind',
  fields: [
    { kind: 'text', name: 'name', label: 'Name', required: true },
    { kind: 'number', name: 'port', label: 'Port', default: 22 },
    { kind: 'checkbox', name: 'insecure_tls', label: 'Insecure TLS' },
    { kind: 'switch', name: 'enabled', label: 'Enabled', default: true },
    {
      kind: 'select',
      name: 'scheme',
      label: 'Scheme',
      options: [{ value: 'https', label: 'HTTPS' }],
    },
    { kind: 'secret-or-reference', name: 'password', label: 'Password', sensitive: true },
    { kind: 'key-value', name: 'labels', label: 'Labels' },
    { kind: 'code', name: 'certificate', label: 'Certificate' },
    {
      kind: 'group',
      name: 'properties',
      label: 'Properties',
      fields: [{ kind: 'text', name: 'workstation', label: 'Workstation' }],
    },
  ],
};

// The 20 s timeouts are a safety net for a loaded shared machine, not a performance target.
describe('SchemaForm', { timeout: 20_000 }, () => {
  it('renders each kind from the registry, with defaults filled in', () => {
    renderForm({ description: everyKind });
    expect(screen.getByRole('textbox', { name: /^Name\*?$/ })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Port' }) as HTMLInputElement).value).toBe('22');
    expect(screen.getByRole('checkbox', { name: 'Insecure TLS' })).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Enabled' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(screen.getByRole('combobox', { name: 'Scheme' })).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: 'Source of Password' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Labels' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Certificate' })).toBeTruthy();
    const group = screen.getByRole('group', { name: 'Properties' });
    expect(within(group).getByRole('textbox', { name: 'Workstation' })).toBeTruthy();
  });

  it('shows and hides fields as their conditions change, and submits only the shown ones', async () => {
    const { user, onSubmit } = renderForm({ description: httpCheck });
    expect(screen.queryByRole('radiogroup', { name: 'Source of Username' })).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'Authenticate' }));
    expect(screen.getByRole('radiogroup', { name: 'Source of Username' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'NTLM' })).toBeTruthy();
    await user.click(screen.getByRole('switch', { name: 'Authenticate' }));
    expect(screen.queryByRole('radiogroup', { name: 'Source of Username' })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: /^Name\*?$/ }), 'api');
    await user.type(
      screen.getByRole('textbox', { name: /^URL\*?$/ }),
      'https://api.example/health',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const submitted = onSubmit.mock.calls[0]?.[0];
    expect(submitted).toMatchObject({
      name: 'api',
      url: 'https://api.example/health',
      method: 'GET',
    });
    // The Authenticate switch only steers the credential fields: an HTTP check has no such key.
    expect(submitted).not.toHaveProperty('authenticate');
    expect(submitted).not.toHaveProperty('username');
    expect(submitted).not.toHaveProperty('body');
  });

  it("blocks submit with 'This field is required' on the required fields only", async () => {
    const { user, onSubmit } = renderForm({ description: postgresConnection });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const name = screen.getByRole('textbox', { name: /^Name\*?$/ });
    await waitFor(() => expect(description(name)).toBe(REQUIRED_MESSAGE));
    expect(description(screen.getByRole('textbox', { name: /^URL\*?$/ }))).toBe(REQUIRED_MESSAGE);
    const namespace = screen.getByRole('textbox', { name: /^Namespace\*?$/ }) as HTMLInputElement;
    expect(namespace.value).toBe('default');
    expect(namespace.getAttribute('aria-invalid')).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('lets a prop or a provider replace one kind and keeps the others', () => {
    function PlainText({ field, name }: SchemaFieldProps<'text'>) {
      return <output data-name={name}>custom {field.label}</output>;
    }
    renderForm({ description: slackConnection, components: { text: PlainText } });
    expect(screen.getByText('custom Channel').getAttribute('data-name')).toBe('properties.channel');
    expect(screen.queryByRole('textbox', { name: /^Name\*?$/ })).toBeNull();
    expect(screen.getByRole('radiogroup', { name: 'Source of Bot token' })).toBeTruthy();
  });

  it('takes a replaced kind from a provider above the form', () => {
    function Checkbox({ field }: SchemaFieldProps<'checkbox'>) {
      return <p>provided {field.label}</p>;
    }
    render(
      <OpsdeckThemeProvider mode="light">
        <SchemaFieldComponentsProvider components={{ checkbox: Checkbox }}>
          <SchemaForm description={postgresConnection} onSubmit={() => undefined} />
        </SchemaFieldComponentsProvider>
      </OpsdeckThemeProvider>,
    );
    expect(screen.getByText('provided Insecure TLS')).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('keeps every typed value and says why when saving fails', async () => {
    const onSubmit = vi.fn(async () => {
      throw new Error('connection "payments" already exists');
    });
    const { user } = renderForm({ description: postgresConnection, onSubmit });
    await user.type(screen.getByRole('textbox', { name: /^Name\*?$/ }), 'payments');
    await user.type(screen.getByRole('textbox', { name: /^URL\*?$/ }), 'postgres://db:5432/app');
    await user.type(screen.getByRole('textbox', { name: 'Value' }), 'admin');
    await user.click(screen.getByRole('checkbox', { name: 'Insecure TLS' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'connection "payments" already exists',
    );
    expect((screen.getByRole('textbox', { name: /^Name\*?$/ }) as HTMLInputElement).value).toBe(
      'payments',
    );
    expect((screen.getByRole('textbox', { name: /^URL\*?$/ }) as HTMLInputElement).value).toBe(
      'postgres://db:5432/app',
    );
    expect((screen.getByRole('textbox', { name: 'Value' }) as HTMLInputElement).value).toBe(
      'admin',
    );
    expect(
      (screen.getByRole('checkbox', { name: 'Insecure TLS' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        name: 'payments',
        username: { value: 'admin' },
        insecure_tls: true,
      }),
    );
  });

  it("shows the server's field errors on their fields", async () => {
    const { user } = renderForm({
      description: postgresConnection,
      onSubmit: async () => ({ fieldErrors: { url: 'Host not found' } }),
    });
    await user.type(screen.getByRole('textbox', { name: /^Name\*?$/ }), 'payments');
    await user.type(screen.getByRole('textbox', { name: /^URL\*?$/ }), 'postgres://nowhere/app');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(description(screen.getByRole('textbox', { name: /^URL\*?$/ }))).toBe('Host not found'),
    );
    expect((screen.getByRole('textbox', { name: /^URL\*?$/ }) as HTMLInputElement).value).toBe(
      'postgres://nowhere/app',
    );
  });
});

describe('FormCodeTabs', { timeout: 20_000 }, () => {
  const codeName = 'Postgres connection as YAML';

  it('carries the value form → code → form and submits what the code said', async () => {
    const { user, onSubmit } = renderForm({ description: postgresConnection, codeTab: true });
    await user.type(screen.getByRole('textbox', { name: /^Name\*?$/ }), 'payments');
    await user.type(screen.getByRole('textbox', { name: /^URL\*?$/ }), 'postgres://db:5432/app');
    await user.click(screen.getByRole('checkbox', { name: 'Insecure TLS' }));
    await user.click(screen.getByRole('tab', { name: 'Code' }));
    const yaml = await codeText(codeName);
    expect(yaml).toContain('name: payments\n');
    expect(yaml).toContain('url: postgres://db:5432/app\n');
    expect(yaml).toContain('insecure_tls: true\n');
    await replaceCode(
      codeName,
      yaml
        .replace('postgres://db:5432/app', 'postgres://replica:5432/app')
        .replace('namespace: default', 'namespace: billing'),
    );
    await user.click(screen.getByRole('tab', { name: 'Form' }));
    expect((screen.getByRole('textbox', { name: /^URL\*?$/ }) as HTMLInputElement).value).toBe(
      'postgres://replica:5432/app',
    );
    expect(
      (screen.getByRole('textbox', { name: /^Namespace\*?$/ }) as HTMLInputElement).value,
    ).toBe('billing');
    expect(
      (screen.getByRole('checkbox', { name: 'Insecure TLS' }) as HTMLInputElement).checked,
    ).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      name: 'payments',
      namespace: 'billing',
      url: 'postgres://replica:5432/app',
      username: { value: '' },
      password: { value: '' },
      insecure_tls: true,
    });
  });

  it('keeps text that does not parse, with its error, across tab switches', async () => {
    const { user } = renderForm({ description: postgresConnection, codeTab: true });
    await user.type(screen.getByRole('textbox', { name: /^Name\*?$/ }), 'payments');
    await user.click(screen.getByRole('tab', { name: 'Code' }));
    const broken = `${await codeText(codeName)}url: [unclosed\n`;
    await replaceCode(codeName, broken);
    await waitFor(() =>
      expect(screen.getByRole('list', { name: `Problems in ${codeName}` }).textContent).toMatch(
        /YAML/,
      ),
    );
    await user.click(screen.getByRole('tab', { name: 'Form' }));
    expect(screen.getByRole('status').textContent).toMatch(/^The Code tab has an error \(YAML/);
    expect((screen.getByRole('textbox', { name: /^Name\*?$/ }) as HTMLInputElement).value).toBe(
      'payments',
    );
    await user.click(screen.getByRole('tab', { name: 'Code' }));
    expect(await codeText(codeName)).toBe(broken);
  });

  it('rewrites the code after the form changed', async () => {
    const { user } = renderForm({ description: postgresConnection, codeTab: true });
    await user.click(screen.getByRole('tab', { name: 'Code' }));
    await replaceCode(codeName, 'name: [');
    await user.click(screen.getByRole('tab', { name: 'Form' }));
    await user.type(screen.getByRole('textbox', { name: /^Name\*?$/ }), 'billing');
    await user.click(screen.getByRole('tab', { name: 'Code' }));
    expect(await codeText(codeName)).toContain('name: billing\n');
  });
});
