// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fixturePath } from '@opsdeck/testing';
import { loadAll } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { settingsKinds } from './kinds.ts';
import { resourceFormErrors, resourceFormOf, resourceWriteOf } from './resourceForm.ts';
import { topologyFormOf, topologySpecOf } from './topologySpec.ts';

const topologies = settingsKinds.find((kind) => kind.table === 'topologies')!;

function yamlFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((entry) => {
    const path = join(folder, entry);
    if (statSync(path).isDirectory()) return yamlFiles(path);
    return /\.ya?ml$/.test(entry) ? [path] : [];
  });
}

// Every Topology document of shared/fixtures, read in place.
const fixtureTopologies = yamlFiles(fixturePath('.')).flatMap((file) => {
  let documents: unknown[];
  try {
    documents = loadAll(readFileSync(file, 'utf8'));
  } catch {
    return []; // not YAML this test reads (templates)
  }
  return documents.flatMap((document) => {
    const topology = document as {
      kind?: string;
      metadata?: { name?: string; namespace?: string; labels?: Record<string, string> };
      spec?: Record<string, unknown>;
    } | null;
    return topology?.kind === 'Topology' && topology.spec
      ? [
          [
            `${file.slice(file.indexOf('fixtures/') + 9)} ${topology.metadata?.name}`,
            topology,
          ] as const,
        ]
      : [];
  });
});

describe('the topology form opens every fixture topology and saves it unchanged', () => {
  it('reads fixtures', () => expect(fixtureTopologies.length).toBeGreaterThan(10));

  it.each(fixtureTopologies)('%s', (_name, topology) => {
    const record = {
      id: '00000000-0000-4000-8000-000000000001',
      name: topology.metadata?.name ?? 'x',
      namespace: topology.metadata?.namespace ?? 'default',
      labels: topology.metadata?.labels ?? null,
      spec: topology.spec,
      source: 'UI',
    };
    const values = resourceFormOf(topologies, record);
    // It opens in the form, not only as code.
    expect(values.topology).toBeDefined();
    expect(resourceFormErrors(topologies, values, true)).toEqual({});
    const write = resourceWriteOf(topologies, values, true);
    expect(write.spec).toEqual(topology.spec);
  });
});

describe('the topology form', () => {
  it('writes what is typed: a component with its lookup, a property', () => {
    const state = topologyFormOf({ schedule: '@every 10m', components: [] })!;
    state.form = {
      ...state.form,
      type: 'App',
      components: [
        {
          name: 'api',
          type: '',
          icon: '',
          namespace: '',
          tooltip: 'The API',
          lookup: 'http:\n  - name: api\n    url: http://127.0.0.1:8080\n',
          selectors: '',
        },
      ],
      properties: [
        { name: 'owner', label: '', type: '', text: 'sre', icon: '', tooltip: '', lookup: '' },
      ],
    };
    expect(topologySpecOf(state)).toEqual({
      schedule: '@every 10m',
      type: 'App',
      components: [
        {
          name: 'api',
          tooltip: 'The API',
          lookup: { http: [{ name: 'api', url: 'http://127.0.0.1:8080' }] },
        },
      ],
      properties: [{ name: 'owner', text: 'sre' }],
    });
  });

  it('reports a lookup that is not YAML and a property without a name on their fields', () => {
    const values = resourceFormOf(topologies, null);
    values.topology!.form = {
      ...values.topology!.form,
      components: [{ name: 'a', lookup: 'http: [' }],
      properties: [{ name: '' }],
    };
    const errors = resourceFormErrors(topologies, values, false);
    expect(errors.topology?.form).toMatchObject({
      components: { 0: { lookup: expect.any(String) } },
      properties: { 0: { name: 'This field is required' } },
    });
  });

  it('a spec the form cannot show as it is opens as code', () => {
    expect(topologyFormOf({ components: 'not a list' })).toBeUndefined();
    expect(topologyFormOf({ type: 5 })).toBeUndefined();
  });
});
