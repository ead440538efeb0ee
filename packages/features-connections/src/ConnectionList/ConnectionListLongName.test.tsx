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
  const rules = [...document.styleSheets]
    .flatMap((sheet) => [...sheet.cssRules])
    .filter((rule) => rule instanceof CSSStyleRule);
  const own = [...link.classList]
    .map((cls) => rules.find((rule) => rule.selectorText === `.${cls}`))
    .find(Boolean);
  expect(own?.style.whiteSpace).toBe('nowrap');
  expect(own?.style.textOverflow).toBe('ellipsis');
});
