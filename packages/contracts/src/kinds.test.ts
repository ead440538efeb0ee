// The contracts-b kinds one by one: each contract accepts its defaults, names each problem by its
// path, and the package loads without React (the server imports it).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canaryContract } from './canary/contract.ts';
import { connectionContract, validateConnectionRecord } from './connection/contract.ts';
import { loggingBackendContract } from './loggingBackend/contract.ts';
import { scrapeConfigContract } from './scrapeConfig/contract.ts';
import { scraperTypes } from './scrapeConfig/scrapers.ts';
import { topologyContract } from './topology/contract.ts';

const paths = (verdict: { ok: boolean; issues?: readonly { path: string }[] }) =>
  verdict.ok ? [] : (verdict.issues ?? []).map((issue) => issue.path);

describe('the contracts-b kinds', () => {
  it.each([
    canaryContract,
    connectionContract,
    scrapeConfigContract,
    topologyContract,
    loggingBackendContract,
  ])('$kind accepts its defaults', (contract) => {
    expect(contract.validate(contract.defaults()).ok).toBe(true);
  });

  it('checks a canary: each check by its form, the canary fields by type', () => {
    expect(
      paths(
        canaryContract.validate({
          interval: -1,
          http: [
            { name: 'ok', url: 'https://a.internal' },
            { name: 'b', responseCodes: ['x'] },
          ],
          tcp: 'db:5432',
        }),
      ),
    ).toEqual(['interval', 'http[1].url', 'http[1].responseCodes[0]', 'tcp']);
    // A check in its form's Code tab keeps keys the form does not name.
    expect(
      canaryContract.validate({ http: [{ name: 'a', url: 'u', labels: { x: 'y' } }] }).ok,
    ).toBe(true);
  });

  it('checks a scrape config: each scraper type by its form', () => {
    expect(scraperTypes.map((type) => type.label)).toHaveLength(11);
    expect(
      paths(
        scrapeConfigContract.validate({
          kubernetes: [{ clusterName: 'prod' }, {}],
          githubActions: [{ owner: 'o' }],
          sql: [{ connection: 'connection://postgres/app' }],
          retention: { changes: [{ age: '7d' }] },
        }),
      ),
    ).toEqual([
      'retention.changes[0].name',
      'kubernetes[1].clusterName',
      'githubActions[0].repository',
      'sql[0].query',
    ]);
  });

  it('checks a topology: components nest, lookups are checks without names', () => {
    expect(
      topologyContract.validate({
        components: [{ name: 'a', lookup: { http: [{ url: 'https://a.internal' }] } }],
      }).ok,
    ).toBe(true);
    expect(
      paths(
        topologyContract.validate({
          components: [{ components: [{ lookup: { tcp: [{}] } }], properties: [{}] }],
        }),
      ),
    ).toEqual([
      'components[0].properties[0].name',
      'components[0].components[0].lookup.tcp[0].endpoint',
    ]);
  });

  it('checks a log backend and a connection record', () => {
    expect(paths(loggingBackendContract.validate({ loki: { url: '' } }))).toEqual(['loki.url']);
    expect(
      validateConnectionRecord({
        name: 'slack-alerts',
        namespace: '',
        type: 'postgres',
        url: 'postgres://db/app',
        password: 'secret://db/password',
        username: null,
      }).ok,
    ).toBe(true);
    expect(paths(validateConnectionRecord({ name: 'x', type: 'postgres' }))).toEqual(['url']);
    expect(paths(validateConnectionRecord({ name: 'x' }))).toEqual(['type']);
  });

  it('loads without React: no source file imports react or @tanstack', () => {
    const walk = (path: string): string[] =>
      statSync(path).isDirectory()
        ? readdirSync(path).flatMap((entry) => walk(join(path, entry)))
        : /\.ts$/.test(path) && !/\.test\.ts$/.test(path)
          ? [path]
          : [];
    const sources = walk(new URL('.', import.meta.url).pathname.replace(/^\/@fs/, ''));
    expect(sources.length).toBeGreaterThan(10);
    for (const file of sources)
      expect(readFileSync(file, 'utf8'), file).not.toMatch(/from '(react|@tanstack\/)/);
  });
});
