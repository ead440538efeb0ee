import type { FakeBackend } from '@opsdeck/testing';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ids, startCatalogBackend } from '../testing/catalogBackend.test.helper.ts';
import { hostAppView, renderCatalog } from '../testing/renderCatalog.test.helper.tsx';
import { catalogTestIds } from '../testIds.ts';

// The editor's module arrives only when the test lets it, as a slow chunk would.
const editor = vi.hoisted(() => {
  let release = () => {};
  const loaded = new Promise<void>((resolve) => (release = resolve));
  return { loaded, release: () => release() };
});
vi.mock('@opsdeck/ui/code-editor', async (importOriginal) => {
  await editor.loaded;
  return importOriginal();
});

let backend: FakeBackend;
beforeAll(async () => {
  backend = await startCatalogBackend();
});
afterAll(() => backend.close());
afterEach(() => {
  cleanup();
  backend.reset();
});

describe('a config’s spec', () => {
  it('shows the header and facts while the editor is still loading, then the spec in it', async () => {
    renderCatalog(`/catalog/${ids.deployment}`, {
      baseUrl: `${backend.url}/api`,
      extensions: hostAppView(['admin']),
    });
    const header = await screen.findByTestId(catalogTestIds.config.header);
    expect(within(header).getByRole('heading', { name: 'payments-api' })).toBeTruthy();
    const spec = await screen.findByTestId(catalogTestIds.config.spec);
    expect(screen.getByText('Created')).toBeTruthy();
    expect(within(spec).getByRole('status', { name: 'Loading the spec' })).toBeTruthy();
    expect(within(spec).getByRole('button', { name: 'Copy the spec' })).toBeTruthy();
    expect(spec.textContent).not.toContain('replicas: 3');

    editor.release();
    await waitFor(() => expect(spec.textContent).toContain('replicas: 3'));
    expect(within(spec).queryByRole('status', { name: 'Loading the spec' })).toBeNull();
  });
});
