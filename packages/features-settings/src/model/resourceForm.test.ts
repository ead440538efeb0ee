// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fixturePath } from '@opsdeck/testing';
import { loadAll } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { kindOfSegment, settingsKinds, type SettingsKind } from './kinds.ts';
import {
  LABELS_MESSAGE,
  resourceFormErrors,
  resourceFormOf,
  resourceWriteOf,
  SPEC_MAP_MESSAGE,
} from './resourceForm.ts';
import { resourceSourceOf } from './source.ts';

const kind = (table: string): SettingsKind => settingsKinds.find((k) => k.table === table)!;
const canaries = kind('canaries');

function yamlFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((entry) => {
    const path = join(folder, entry);
    if (statSync(path).isDirectory()) return yamlFiles(path);
    return /\.ya?ml$/.test(entry) && entry !== 'kustomization.yaml' ? [path] : [];
  });
}

// Every Canary of shared/fixtures/canaries, read in place.
const fixtureCanaries = yamlFiles(fixturePath('canaries')).flatMap((file) =>
  loadAll(readFileSync(file, 'utf8')).flatMap((document) => {
    const canary = document as {
      kind?: string;
      metadata?: { name?: string; namespace?: string; labels?: Record<string, string> };
      spec?: Record<string, unknown>;
    } | null;
    return canary?.kind === 'Canary' && canary.spec
      ? [[`${file.slice(file.indexOf('canaries/'))} ${canary.metadata?.name}`, canary] as const]
      : [];
  }),
);

describe('the Spec tab opens a record and saves it unchanged as it was', () => {
  it('reads fixtures', () => expect(fixtureCanaries.length).toBeGreaterThan(20));

  it.each(fixtureCanaries)('%s', (_name, canary) => {
    const record = {
      id: '00000000-0000-4000-8000-000000000001',
      name: canary.metadata?.name ?? 'x',
      namespace: canary.metadata?.namespace ?? 'default',
      labels: canary.metadata?.labels ?? null,
      spec: canary.spec,
      source: 'UI',
    };
    const values = resourceFormOf(canaries, record);
    expect(resourceFormErrors(canaries, values, true)).toEqual({});
    const write = resourceWriteOf(canaries, values, true);
    // No field dropped, no label turned into JSON text, no URL moved.
    expect(write.spec).toEqual(canary.spec);
    expect(write.labels ?? null).toEqual(record.labels);
    expect(write).not.toHaveProperty('name');
    expect(write).not.toHaveProperty('namespace');
  });
});

describe('a new record', () => {
  it("starts in namespace 'default', with the kind's defaults, and is the UI's", () => {
    const values = resourceFormOf(canaries, null);
    expect(values).toMatchObject({
      name: '',
      namespace: 'default',
      spec: "schedule: '@every 5m'\n",
    });
    expect(resourceFormErrors(canaries, values, false)).toEqual({ name: 'This field is required' });
    const write = resourceWriteOf(canaries, { ...values, name: ' web ', namespace: '' }, false);
    expect(write).toEqual({
      name: 'web',
      namespace: 'default',
      source: 'UI',
      schedule: null,
      labels: null,
      spec: { schedule: '@every 5m' },
    });
  });

  it("a team starts with the icon 'group' and sends no namespace, labels or schedule", () => {
    const teams = kind('teams');
    const values = resourceFormOf(teams, null);
    expect(values.icon).toBe('group');
    expect(resourceWriteOf(teams, { ...values, name: 'sre' }, false)).toEqual({
      name: 'sre',
      source: 'UI',
      icon: 'group',
      spec: {},
    });
  });
});

describe('text that does not parse is reported on its field', () => {
  const base = { ...resourceFormOf(canaries, null), name: 'web' };
  it('labels', () => {
    expect(resourceFormErrors(canaries, { ...base, labels: '{"a": ' }, false).labels).toBeTruthy();
    expect(resourceFormErrors(canaries, { ...base, labels: '{"a": 1}' }, false).labels).toBe(
      LABELS_MESSAGE,
    );
    expect(resourceFormErrors(canaries, { ...base, labels: '{"a": "b"}' }, false)).toEqual({});
  });
  it('the spec, and a spec the contract refuses names the path', () => {
    expect(resourceFormErrors(canaries, { ...base, spec: 'http: [' }, false).spec).toBeTruthy();
    expect(resourceFormErrors(canaries, { ...base, spec: '- a' }, false).spec).toBe(
      SPEC_MAP_MESSAGE,
    );
    expect(
      resourceFormErrors(canaries, { ...base, spec: 'http:\n  - name: x\n' }, false).spec,
    ).toBe('http[0].url: This field is required');
  });
});

describe('kinds and sources', () => {
  it('log backends live at /settings/log-backends', () => {
    expect(kindOfSegment('log-backends')?.table).toBe('logging_backends');
    expect(kindOfSegment('logging_backends')).toBeUndefined();
  });
  it('a record with a source other than UI is read-only, with a link where there is one', () => {
    expect(resourceSourceOf('UI')).toEqual({ editable: true });
    expect(resourceSourceOf(null)).toEqual({ editable: true });
    expect(resourceSourceOf('ConfigFile')).toMatchObject({ editable: false });
    expect(resourceSourceOf('KubernetesCRD')).toMatchObject({ editable: false });
    expect(resourceSourceOf('component/abc')).toMatchObject({ href: '/topology/abc' });
    expect(resourceSourceOf('catalog/xyz')).toMatchObject({ href: '/catalog/xyz' });
  });
});

describe('the health-check editor', () => {
  it('offers the 31 types sorted by label, nine with a guided form, each with its documentation', async () => {
    const { healthCheckTypes } = await import('./healthSpec.ts');
    expect(healthCheckTypes).toHaveLength(31);
    const labels = healthCheckTypes.map((type) => type.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b)));
    expect(
      healthCheckTypes
        .filter((type) => type.guided)
        .map((type) => type.label)
        .sort(),
    ).toEqual([
      'Alert Manager',
      'Elasticsearch',
      'Exec',
      'Folder',
      'HTTP',
      'ICMP Ping',
      'Mongo DB',
      'Redis',
      'TCP',
    ]);
    for (const type of healthCheckTypes) expect(type.docsUrl).toMatch(/^https:\/\//);
  });

  it('opens a canary with one check of a guided type in its form, and another in the code editor', () => {
    const open = (spec: unknown) =>
      resourceFormOf(canaries, { id: '00000000-0000-4000-8000-000000000001', name: 'x', spec });
    expect(open({ http: [{ name: 'a', url: 'http://127.0.0.1/' }] }).guided?.type).toBe('http');
    expect(open({ dns: [{ name: 'a', server: 's', query: 'q' }] }).guided).toBeUndefined();
    expect(
      open({
        http: [
          { name: 'a', url: 'u' },
          { name: 'b', url: 'u' },
        ],
      }).guided,
    ).toBeUndefined();
  });

  it('reports a guided check’s problems on its fields, and writes no field left at its default', () => {
    const values = {
      ...resourceFormOf(canaries, null),
      name: 'web',
      guided: { type: 'http', check: { name: 'web', url: '', method: 'GET', body: '' } },
    };
    expect(resourceFormErrors(canaries, values, false)).toEqual({
      guided: { check: { url: 'This field is required' } },
    });
    const write = resourceWriteOf(
      canaries,
      {
        ...values,
        guided: {
          ...values.guided,
          check: { ...values.guided.check, url: 'http://127.0.0.1/health' },
        },
      },
      false,
    );
    expect(write.spec).toEqual({
      schedule: '@every 5m',
      http: [{ name: 'web', url: 'http://127.0.0.1/health' }],
    });
  });
});

describe('the catalog-scraper editor', () => {
  const scrapers = kind('config_scrapers');
  const record = (spec: unknown) => ({
    id: '00000000-0000-4000-8000-000000000002',
    name: 'cluster',
    namespace: 'default',
    spec,
    source: 'UI',
  });

  it('offers the 11 types of settings §2 sorted by label, Custom as the raw spec', () => {
    const types = scrapers.typed!.types;
    expect(types.map((type) => type.label)).toEqual([
      'AWS',
      'Azure',
      'Azure DevOps',
      'Custom',
      'File',
      'Github Actions',
      'HTTP',
      'Kubernetes',
      'Kubernetes File',
      'SQL',
      'Trivy',
    ]);
    expect(types.filter((type) => !type.guided).map((type) => type.label)).toEqual(['Custom']);
  });

  // Scraper examples written here (the fixtures hold no ScrapeConfig): each opens in its form and
  // saves unchanged.
  it.each([
    {
      schedule: '@every 30m',
      kubernetes: [{ clusterName: 'local', exclusions: { name: ['kube-*'] } }],
    },
    {
      http: [
        {
          name: 'status',
          url: 'http://127.0.0.1:8080/api/about',
          type: 'Opsdeck::About',
          id: '$.version',
        },
      ],
    },
    {
      schedule: '@hourly',
      sql: [
        {
          connection: 'connection://postgres/main',
          query: 'SELECT 1 AS id',
          type: 'SQL::Row',
          id: '$.id',
        },
      ],
    },
  ])('%o opens in its form and saves unchanged', (spec) => {
    const values = resourceFormOf(scrapers, record(spec));
    expect(values.guided).toBeDefined();
    expect(resourceFormErrors(scrapers, values, true)).toEqual({});
    expect(resourceWriteOf(scrapers, values, true).spec).toEqual(spec);
  });

  it("a Kubernetes scraper needs its cluster's name", () => {
    const values = {
      ...resourceFormOf(scrapers, null),
      name: 'cluster',
      guided: { type: 'kubernetes', check: { name: 'cluster', clusterName: '' } },
    };
    expect(resourceFormErrors(scrapers, values, false).guided?.check).toEqual({
      clusterName: 'This field is required',
    });
  });
});
