import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startKratosStandIn } from '../kratos/kratosServer.test.helper.ts';
import { testIds } from '../testIds.ts';
import { loadFixtures, pagePaths, renderAuthPage } from './pages.test.helper.tsx';

const fixtures = loadFixtures();
let server: Awaited<ReturnType<typeof startKratosStandIn>>;

beforeAll(async () => {
  // GET /self-service/{kind}/flows?id=<n> answers fixture n, with its own status for error recordings.
  server = await startKratosStandIn((_request, url) => {
    const match = url.pathname.match(/^\/self-service\/(\w+)\/flows$/);
    const fixture = match ? fixtures[Number(url.searchParams.get('id'))] : undefined;
    if (!fixture) return undefined;
    return { status: fixture.body.error?.code ?? 200, body: fixture.body };
  });
});
afterAll(() => server.close());
afterEach(cleanup);

describe('every recorded Kratos flow renders in its page', () => {
  it('covers all fixtures', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(200);
  });

  it.each(fixtures.map((fixture, index) => [fixture.name, index] as const))('%s', async (_name, index) => {
    const fixture = fixtures[index]!;
    renderAuthPage(server.basePath, `${pagePaths[fixture.kind]}?flow=${index}`);
    if (fixture.body.ui) {
      await screen.findAllByTestId(testIds.flow.form);
      const expected = [...(fixture.body.ui.messages ?? []), ...fixture.body.ui.nodes.flatMap((node) => node.messages)].map((message) => message.text);
      for (const text of expected) expect(screen.getAllByText(text, { normalizer: (s) => s.trim() }).length).toBeGreaterThan(0);
      for (const message of document.querySelectorAll('[data-message-type="error"]')) {
        expect(message.closest('[role="alert"]')).not.toBeNull();
      }
    } else {
      const reason = fixture.body.error?.reason ?? '';
      await waitFor(() => expect(screen.getByText(reason)).toBeTruthy());
    }
  });
});
