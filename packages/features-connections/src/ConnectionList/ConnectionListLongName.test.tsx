import { json } from '@opsdeck/testing';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startConnectionsBackend } from '../testing/connectionsBackend.test.helper.ts';
import { renderConnections } from '../testing/renderConnections.test.helper.tsx';

let backend: Awaited<ReturnType<typeof startConnectionsBackend>>;
beforeEach(async () => {
  backend = await startConnectionsBackend();
});
afterEach(async () => {
  cleanup();
  await backend.close();
});

it('cuts a 300-character connection name in its cell, whole in the link’s title', async () => {
  const name = `conn-${'x'.repeat(295)}`;
  const [row] = (await (
    await fetch(`${backend.url}/api/db/connections?select=*&limit=1`)
  ).json()) as object[];
  backend.on('GET /api/db/connections', () =>
    json([{ ...row, name }], { headers: { 'content-range': '0-0/1' } }),
  );
  renderConnections('/settings/connections', { baseUrl: `${backend.url}/api` });
  const link = await screen.findByRole('link', { name });
  expect(link.getAttribute('title')).toBe(name);
  // Cut to one line by its own class (styled-components' rule), not wrapped across the table.
  const rules = [...document.querySelectorAll('style')].map((style) => style.textContent).join('');
  const own = [...link.classList]
    .map((cls) => rules.split(`.${cls}{`)[1]?.split('}')[0])
    .find(Boolean);
  expect(own).toContain('white-space:nowrap');
  expect(own).toContain('text-overflow:ellipsis');
});
