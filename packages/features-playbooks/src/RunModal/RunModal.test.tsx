import { expectNoAxeViolations, json, serverError, type FakeBackend } from '@opsdeck/testing';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ids,
  kitchenSink,
  startPlaybooksBackend,
} from '../testing/playbooksBackend.test.helper.ts';
import { currentUrl, renderPlaybooks } from '../testing/renderPlaybooks.test.helper.tsx';
import { playbooksTestIds } from '../testIds.ts';
import { RunModal, type RunModalProps } from './RunModal.tsx';

let backend: FakeBackend;
beforeAll(async () => {
  backend = await startPlaybooksBackend();
});
afterAll(() => backend.close());
afterEach(() => {
  cleanup();
  backend.reset();
});

function openModal(props: Partial<RunModalProps> = {}, theme?: 'light' | 'dark') {
  renderPlaybooks('/host', {
    baseUrl: `${backend.url}/api`,
    ...(theme ? { theme } : {}),
    host: (
      <RunModal
        open
        onClose={() => undefined}
        playbook={{ id: ids.sink, title: 'Params Kitchen Sink' }}
        {...props}
      />
    ),
  });
  return screen.findByRole('dialog', { name: props.playbook?.title ?? 'Params Kitchen Sink' });
}

const preset = { kind: 'config' as const, id: ids.namespace, name: 'kube-system' };

describe('the run modal', () => {
  it('shows a preset resource as a read-only name and every parameter with its default', async () => {
    const dialog = await openModal({ resource: preset });
    const resource = within(dialog).getByTestId(playbooksTestIds.modal.resource);
    expect(resource.textContent).toContain('kube-system');
    expect(within(resource).queryByRole('combobox')).toBeNull();
    expect(
      ((await within(dialog).findByLabelText('Text Input (Default)')) as HTMLInputElement).value,
    ).toBe('hello world');
    for (const parameter of kitchenSink.spec.parameters ?? []) {
      const label = String(parameter.label);
      // Each type draws a labelled control (the code editors name their editing areas).
      expect(within(dialog).getAllByText(label).length).toBeGreaterThan(0);
    }
    expect(
      (within(dialog).getByRole('checkbox', { name: 'Checkbox' }) as HTMLInputElement).checked,
    ).toBe(false);
    expect(backend.requestsTo('POST /api/playbook/:id/params')[0]?.body).toEqual({
      id: ids.sink,
      config_id: ids.namespace,
    });
  });

  it('runs with string values and opens the run page', async () => {
    const user = userEvent.setup();
    const dialog = await openModal({ resource: preset });
    const text = await within(dialog).findByLabelText('Text Input (Default)');
    await user.clear(text);
    await user.type(text, 'restart now');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Checkbox' }));
    await user.click(within(dialog).getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(currentUrl.pathname).toBe(`/playbooks/runs/${ids.run}`));
    const body = backend.requestsTo('POST /api/playbook/run')[0]?.body as {
      id: string;
      config_id: string;
      params: Record<string, unknown>;
    };
    expect(body.id).toBe(ids.sink);
    expect(body.config_id).toBe(ids.namespace);
    expect(body.params['text-input']).toBe('restart now');
    expect(body.params.checkbox).toBe('true');
    expect(Object.values(body.params).every((value) => typeof value === 'string')).toBe(true);
  });

  it.each([
    [
      'this server',
      serverError(400, 'missing required parameter(s): teams', { delay: 1500 }),
      'missing required parameter(s): teams',
    ],
    [
      // Mission Control: an oops error without a code is a 500 whose `error` is the sentence.
      'Mission Control',
      json({ error: 'missing required parameter(s): teams' }, { status: 500, delay: 1500 }),
      'missing required parameter(s): teams',
    ],
  ])("shows %s's sentence as a toast and keeps what was typed", async (_, reply, sentence) => {
    backend.on('POST /api/playbook/run', reply);
    const user = userEvent.setup();
    const dialog = await openModal({ resource: preset });
    const text = await within(dialog).findByLabelText('Text Input (Default)');
    await user.clear(text);
    await user.type(text, 'keep me');
    await user.click(within(dialog).getByRole('button', { name: 'Run' }));
    // Found and checked in one synchronous step: under load the reply may land right after.
    await waitFor(() =>
      expect(
        within(dialog).getByRole('button', { name: 'Running...' }).hasAttribute('disabled'),
      ).toBe(true),
    );
    expect((await screen.findByRole('alert')).textContent).toContain(sentence);
    expect((within(dialog).getByLabelText('Text Input (Default)') as HTMLInputElement).value).toBe(
      'keep me',
    );
    expect(currentUrl.pathname).toBe('/host');
  });

  it("says this server's sentence when the parameters cannot be read", async () => {
    backend.on(
      'POST /api/playbook/:id/params',
      serverError(403, 'you may not run playbooks on this config'),
    );
    const dialog = await openModal({ resource: preset });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'you may not run playbooks on this config',
    );
  });

  it('asks for a resource first, searches 300 ms after typing, then loads the parameters', async () => {
    const user = userEvent.setup();
    const dialog = await openModal();
    expect(
      await within(dialog).findByText('Please select a resource to see the parameters.'),
    ).toBeTruthy();
    expect(
      (within(dialog).getByRole('button', { name: 'Run' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    const selector = await within(dialog).findByRole('combobox', { name: 'Catalog Item' });
    await user.click(selector);
    expect(await screen.findByText('Start typing to search')).toBeTruthy();
    await user.type(selector, 'kube');
    const option = await screen.findByRole('option', { name: /kube-system/ });
    // One request for the settled text, not one per key.
    expect(backend.requestsTo('POST /api/resources/search')).toHaveLength(1);
    expect(backend.requestsTo('POST /api/resources/search')[0]?.body).toEqual({
      configs: [{ types: ['Kubernetes::Namespace'], search: 'kube', agent: 'all' }],
    });
    expect(option).toBeTruthy();
    // Keyboard: the first option is active; Enter picks it.
    await user.keyboard('{ArrowDown}{Enter}');
    expect(
      ((await within(dialog).findByLabelText('Text Input (Default)')) as HTMLInputElement).value,
    ).toBe('hello world');
    expect(backend.requestsTo('POST /api/playbook/:id/params').at(-1)?.body).toEqual({
      id: ids.sink,
      config_id: ids.namespace,
    });
  });

  it('says when a playbook has no parameters', async () => {
    await openModal({
      playbook: { id: ids.http, title: 'HTTP probe' },
      resource: preset,
    });
    expect(await screen.findByText('No parameters for this playbook.')).toBeTruthy();
  });

  it('marks required parameters that are empty', async () => {
    backend.on('POST /api/playbook/:id/params', {
      params: [{ name: 'reason', label: 'Reason', required: true }],
    });
    const user = userEvent.setup();
    const dialog = await openModal({ resource: preset });
    await within(dialog).findByLabelText(/Reason/);
    await user.click(within(dialog).getByRole('button', { name: 'Run' }));
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    expect(backend.requestsTo('POST /api/playbook/run')).toHaveLength(0);
  });

  it('pre-fills a run’s own parameters for Run again', async () => {
    const dialog = await openModal({ resource: preset, params: { 'text-input': 'from the run' } });
    expect(
      ((await within(dialog).findByLabelText('Text Input (Default)')) as HTMLInputElement).value,
    ).toBe('from the run');
  });

  it.each(['light', 'dark'] as const)('has no axe violations (%s)', async (theme) => {
    const dialog = await openModal({ resource: preset }, theme);
    await within(dialog).findByLabelText('Text Input (Default)');
    await expectNoAxeViolations(document.body);
  });
});
