import { EditorView } from '@codemirror/view';
import { render, screen, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { OpsdeckThemeProvider } from '../../theme/index.ts';
import type { FormDescription } from '@opsdeck/contracts/form';
import type { FormValues } from '@opsdeck/contracts/form';
import { SchemaForm } from '../schema/SchemaForm.tsx';
import { catalogCheck, folderCheck, httpCheck } from '@opsdeck/contracts/canary';
import {
  emailConnection,
  gitConnection,
  postgresConnection,
  telegramConnection,
} from '@opsdeck/contracts/connection';

async function violations(): Promise<string[]> {
  const results = await axe.run(document.body, {
    resultTypes: ['violations'],
    // jsdom does no layout, so axe cannot compute colour contrast; the themes are checked by hand.
    rules: { 'color-contrast': { enabled: false } },
  });
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help}\n${violation.nodes.map((node) => `  ${node.html}`).join('\n')}`,
  );
}

const forms: [string, FormDescription, FormValues, boolean][] = [
  ['postgres with a Code tab', postgresConnection, {}, true],
  ['email', emailConnection, {}, false],
  [
    'telegram (a list of values)',
    telegramConnection,
    { properties: { chats: ['@ops', '@sre'] } },
    false,
  ],
  ['git over SSH (a code field)', gitConnection, { properties: { authentication: 'ssh' } }, false],
  [
    'HTTP check with response codes and a test script',
    httpCheck,
    { responseCodes: [200, 201], test: { expr: 'code == 200' }, authenticate: true },
    false,
  ],
  [
    'folder check over GCP',
    folderCheck,
    { gcpConnection: { connection: 'connection://gcs/prod' } },
    false,
  ],
  [
    'catalog check (a list of groups)',
    catalogCheck,
    { selector: [{ types: ['Kubernetes::Pod'] }] },
    false,
  ],
];

describe('forms rendered from the catalogue are accessible', { timeout: 30_000 }, () => {
  it.each(forms)('%s: axe finds nothing', async (_name, description, initialValues, codeTab) => {
    render(
      <OpsdeckThemeProvider mode="light">
        <main>
          <SchemaForm
            description={description}
            initialValues={initialValues}
            codeTab={codeTab}
            onSubmit={() => undefined}
          />
        </main>
      </OpsdeckThemeProvider>,
    );
    // Audit the editor itself, not its loading skeleton.
    for (const skeleton of screen
      .queryAllByRole('textbox')
      .filter((box) => box.tagName === 'TEXTAREA' && box.getAttribute('aria-busy')))
      await waitFor(() =>
        expect(
          EditorView.findFromDOM(
            screen.getByRole('textbox', { name: skeleton.getAttribute('aria-label') ?? '' }),
          ),
        ).toBeTruthy(),
      );
    expect(await violations()).toEqual([]);
  });
});
