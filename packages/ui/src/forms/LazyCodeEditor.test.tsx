import { EditorView } from '@codemirror/view';
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { OpsdeckThemeProvider } from '../theme/index.ts';
import type { FormDescription } from '@opsdeck/contracts/form';
import { SchemaForm } from './schema/SchemaForm.tsx';

// Counts imports of the editor's module (CodeMirror and its languages come in with it).
const editorModule = vi.hoisted(() => ({ imports: 0 }));
vi.mock('../CodeEditor/CodeEditor', async (importOriginal) => {
  editorModule.imports++;
  return importOriginal();
});

const plain: FormDescription = {
  type: 'plain',
  label: 'Plain',
  fields: [
    { kind: 'text', name: 'name', label: 'Name', required: true },
    { kind: 'secret-or-reference', name: 'password', label: 'Password', sensitive: true },
  ],
};

const withCode: FormDescription = {
  type: 'with-code',
  label: 'With code',
  fields: [...plain.fields, { kind: 'code', name: 'certificate', label: 'Certificate' }],
};

function renderForm(description: FormDescription, codeTab = false) {
  return render(
    <OpsdeckThemeProvider mode="light">
      <SchemaForm
        description={description}
        codeTab={codeTab}
        initialValues={{ certificate: '-----BEGIN CERTIFICATE-----' }}
        onSubmit={() => undefined}
      />
    </OpsdeckThemeProvider>,
  );
}

async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
}

// One file, in order: the module cache is per file, so the first test sees a cold import.
describe('code fields load the editor lazily', { timeout: 20_000 }, () => {
  it('importing the forms entry (the catalogue with it) does not import the editor', async () => {
    const forms = await import('./index.ts');
    expect(forms.connectionTypes.length).toBeGreaterThan(40);
    expect(editorModule.imports).toBe(0);
  });

  it('a form without a code field (Code tab unopened) does not import the editor', async () => {
    const { unmount } = renderForm(plain, true);
    // Whatever the form started importing has arrived, however slowly: only then does 0 mean never.
    await act(() => vi.dynamicImportSettled());
    await settle();
    expect(screen.getByRole('textbox', { name: /^Name/ })).toBeTruthy();
    expect(editorModule.imports).toBe(0);
    unmount();
  });

  it('a code field shows its text read-only, then the editor once imported', async () => {
    renderForm(withCode);
    const skeleton = screen.getByRole('textbox', { name: 'Certificate' }) as HTMLTextAreaElement;
    expect(skeleton.readOnly).toBe(true);
    expect(skeleton.value).toBe('-----BEGIN CERTIFICATE-----');
    // The editor's cold import (CodeMirror and its languages) takes as long as the machine makes
    // it: wait for the import itself, not a poll that gave up after 5 s on a loaded machine.
    await act(() => vi.dynamicImportSettled());
    // Then React swaps it in; at a load of 14 on two cores that took longer than waitFor's 1 s.
    await waitFor(
      () =>
        expect(
          EditorView.findFromDOM(screen.getByRole('textbox', { name: 'Certificate' })),
        ).toBeTruthy(),
      { timeout: 15_000 },
    );
    expect(editorModule.imports).toBe(1);
    expect(
      EditorView.findFromDOM(
        screen.getByRole('textbox', { name: 'Certificate' }),
      )?.state.doc.toString(),
    ).toBe('-----BEGIN CERTIFICATE-----');
  });
});
