import { cleanup, screen, waitFor } from '@testing-library/react';
import { json } from '@opsdeck/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startKratosStandIn } from '../kratos/kratosServer.test.helper.ts';
import { testIds } from '../testIds.ts';
import { loadFixtures, pagePaths, renderAuthPage } from './pages.test.helper.tsx';

const fixtures = loadFixtures();
let server: Awaited<ReturnType<typeof startKratosStandIn>>;

beforeAll(async () => {
  // GET /self-service/{kind}/flows?id=<n> answers fixture n, with its own status for error recordings.
  server = await startKratosStandIn({
    'GET /self-service/:kind/flows': (request) => {
      const fixture = fixtures[Number(request.query.get('id'))];
      return fixture && json(fixture.body, { status: fixture.body.error?.code ?? 200 });
    },
  });
});
afterAll(() => server.close());
afterEach(cleanup);

describe('every recorded Kratos flow renders in its page', () => {
  it('covers all fixtures', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(200);
  });

  it.each(fixtures.map((fixture, index) => [fixture.name, index] as const))(
    '%s',
    async (_name, index) => {
      const fixture = fixtures[index]!;
      renderAuthPage(server.url, `${pagePaths[fixture.kind]}?flow=${index}`);
      if (fixture.body.ui) {
        await screen.findAllByTestId(testIds.flow.form);
        const expected = [
          ...(fixture.body.ui.messages ?? []),
          ...fixture.body.ui.nodes.flatMap((node) => node.messages),
        ].map((message) => message.text);
        for (const text of expected)
          expect(screen.getAllByText(text, { normalizer: (s) => s.trim() }).length).toBeGreaterThan(
            0,
          );
        for (const message of document.querySelectorAll('[data-message-type="error"]')) {
          expect(message.closest('[role="alert"]')).not.toBeNull();
        }
      } else {
        const reason = fixture.body.error?.reason ?? '';
        await waitFor(() => expect(screen.getByText(reason)).toBeTruthy());
      }
    },
  );
});
