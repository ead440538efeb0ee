import { createFakeBackend, readJsonFixture, type FakeBackend } from '@opsdeck/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeParse } from 'zod/mini';
import { generateCheckModule } from '../checkCode.test.helper.ts';
import { createApiClient, type ApiClient } from '../client.ts';
import { ApiError } from '../errors.ts';
import { checkSummaryReplySchema } from './schemas.ts';
import { getCheckSummary } from './summary.ts';
import { accepts, output } from './summaryCheck.ts';

const generatedFile = new URL('./summaryCheck.generated.ts', import.meta.url).pathname;

describe('the generated summary check', () => {
  it('is the one generated from checkSummaryReplySchema today', async () => {
    const code = await generateCheckModule(
      { checkSummaryReply: checkSummaryReplySchema },
      'checkSummaryReplySchema (health/schemas.ts)',
      generatedFile,
    );
    await expect(code).toMatchFileSnapshot(generatedFile);
  });

  // Replies near the schema's edge: each field right, null, absent or of another JSON type.
  const other = fc.oneof(
    fc.string({ maxLength: 4 }),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
    fc.constant([]),
    fc.dictionary(fc.string({ maxLength: 3 }), fc.oneof(fc.string({ maxLength: 3 }), fc.integer())),
  );
  const edge = <T>(right: fc.Arbitrary<T>) =>
    fc.oneof({ weight: 40, arbitrary: right }, { weight: 1, arbitrary: other });
  const text = edge(fc.string({ maxLength: 6 }));
  const maybeText = edge(fc.option(fc.string({ maxLength: 6 }), { nil: null }));
  const maybeNumber = edge(
    fc.option(fc.double({ noNaN: true, noDefaultInfinity: true }), { nil: null }),
  );
  const record = <T>(shape: { [K in keyof T]: fc.Arbitrary<T[K]> }, required: (keyof T)[]) =>
    // A required key goes missing now and then too.
    fc
      .tuple(
        fc.record(shape, { requiredKeys: required }),
        required.length > 0
          ? fc.oneof(
              { weight: 40, arbitrary: fc.constant(null) },
              { weight: 1, arbitrary: fc.constantFrom(...required) },
            )
          : fc.constant(null),
      )
      .map(([value, drop]) => {
        if (drop !== null) delete value[drop];
        return value;
      });
  const check = edge(
    record(
      {
        id: text,
        canary_id: text,
        canary_name: maybeText,
        name: text,
        type: text,
        labels: edge(fc.option(fc.dictionary(fc.string({ maxLength: 4 }), text), { nil: null })),
        status: maybeText,
        created_at: text,
        deleted_at: maybeText,
        uptime: edge(
          record({ passed: edge(fc.integer()), failed: edge(fc.integer()), last_pass: maybeText }, [
            'passed',
            'failed',
          ]),
        ),
        latency: edge(
          record(
            {
              p99: maybeNumber,
              rolling1h: edge(fc.double({ noNaN: true, noDefaultInfinity: true })),
            },
            ['rolling1h'],
          ),
        ),
        newer_field: other,
      },
      ['id', 'canary_id', 'name', 'type', 'created_at', 'uptime', 'latency'],
    ),
  );
  const reply = edge(
    record(
      {
        duration: maybeNumber,
        runnerName: maybeText,
        checks_summary: edge(fc.option(fc.array(check, { maxLength: 4 }), { nil: null })),
      },
      [],
    ),
  );

  it('accepts exactly what the schema accepts, and returns what the schema returns', () => {
    fc.assert(
      fc.property(reply, (value) => {
        const json = JSON.stringify(value);
        const expected = safeParse(checkSummaryReplySchema, JSON.parse(json));
        const body: unknown = JSON.parse(json);
        expect(accepts(body)).toBe(expected.success);
        if (expected.success) expect(output(body)).toStrictEqual(expected.data);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('a 10,000-check summary', () => {
  const fixture = readJsonFixture<Record<string, unknown>[]>(
    'mission-control/expectations/check_status_summary.json',
  );
  const tenThousand = (): Record<string, unknown>[] =>
    Array.from({ length: 10_000 }, (_, index) => ({
      ...fixture[index % fixture.length],
      id: `check-${index}`,
    }));

  let backend: FakeBackend;
  let client: ApiClient;
  beforeAll(async () => {
    backend = await createFakeBackend({ '* /*': [] });
    client = createApiClient({ baseUrl: `${backend.url}/api` });
  });
  afterAll(() => backend.close());

  it('reads whole, unknown fields kept and a check that has not run yet "unknown"', async () => {
    const checks = tenThousand();
    checks[42] = { ...checks[42], status: null };
    backend.on('GET /api/canary/api/summary', { runnerName: 'local', checks_summary: checks });
    const reply = await getCheckSummary(client);
    expect(reply.checks_summary).toHaveLength(10_000);
    expect(reply.checks_summary[9_999]).toEqual(checks[9_999]);
    expect(reply.checks_summary[42]?.status).toBe('unknown');
  });

  it('with one bad row deep in it fails as a validation error naming that row', async () => {
    const checks = tenThousand();
    checks[9_876] = { ...checks[9_876], uptime: { passed: '12', failed: 0 } };
    backend.on('GET /api/canary/api/summary', { runnerName: 'local', checks_summary: checks });
    const error = await getCheckSummary(client).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'validation',
      status: 200,
      message:
        'Unexpected reply from the server at checks_summary.9876.uptime.passed: expected number',
      issues: [expect.objectContaining({ path: ['checks_summary', 9_876, 'uptime', 'passed'] })],
    });
  });

  it('that is not a summary at all fails the same way', async () => {
    backend.on('GET /api/canary/api/summary', { checks_summary: { error: 'oops' } });
    await expect(getCheckSummary(client)).rejects.toMatchObject({
      kind: 'validation',
      message: 'Unexpected reply from the server at checks_summary: expected array',
    });
  });
});
