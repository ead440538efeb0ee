// A 300-character name or value is cut in its cell (so the table's other columns stay on screen),
// and the keyboard reaches it to read the whole in a tooltip.
import { json } from '@opsdeck/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { withAdminBackend } from './testing/adminPage.test.helper.ts';
import { renderAdmin } from './testing/renderAdmin.test.helper.tsx';

const { backend, baseUrl } = withAdminBackend();
const long = (word: string) => `${word}-${'x'.repeat(300)}`.slice(0, 300);

/** The cell's text is cut and focusable, and focus shows the whole of it. */
async function expectCutAndReadable(table: HTMLElement, text: string) {
  const cut = await within(table).findByText(text);
  expect(cut.closest('[data-slot="truncated-text"]')).toBe(cut);
  expect(cut.tabIndex).toBe(0);
  cut.focus();
  expect((await screen.findByRole('tooltip')).textContent).toBe(text);
  cut.blur();
}

describe('long values on the admin pages', () => {
  it('users: a long name and email', async () => {
    const person = { id: '0191b000-0000-7000-8000-00000000abcd', name: long('name') };
    const email = `${'e'.repeat(80)}@example.com`;
    backend().on('GET /api/db/people', () =>
      json([
        {
          ...person,
          email,
          last_login: null,
          created_at: '2026-01-01T00:00:00Z',
          deleted_at: null,
        },
      ]),
    );
    backend().on('GET /api/db/people_roles', () => json([{ ...person, email, roles: ['viewer'] }]));
    renderAdmin('/settings/users', { baseUrl: baseUrl() });
    const table = await screen.findByRole('table', { name: 'Users' });
    await expectCutAndReadable(table, person.name);
    await expectCutAndReadable(table, email);
  });

  it('agents: a long name and description', async () => {
    const [agent] = (await (await fetch(`${baseUrl()}/db/agents_summary`)).json()) as object[];
    backend().on('GET /api/db/agents_summary', () =>
      json([{ ...agent, name: long('agent'), description: long('about') }]),
    );
    renderAdmin('/settings/agents', { baseUrl: baseUrl() });
    const table = await screen.findByRole('table', { name: 'Agents' });
    await expectCutAndReadable(table, long('agent'));
    await expectCutAndReadable(table, long('about'));
  });

  it('feature flags: a long name and value', async () => {
    const [flag] = (await (await fetch(`${baseUrl()}/db/properties`)).json()) as object[];
    backend().on('GET /api/db/properties', () =>
      json([{ ...flag, name: long('flag'), value: long('value') }]),
    );
    renderAdmin('/settings/feature-flags', { baseUrl: baseUrl() });
    const table = await screen.findByRole('table', { name: 'Feature flags' });
    await expectCutAndReadable(table, long('flag'));
    await expectCutAndReadable(table, long('value'));
  });
});
