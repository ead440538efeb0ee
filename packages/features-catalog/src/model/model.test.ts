import { describe, expect, it } from 'vitest';
import type { RelatedConfig } from '@opsdeck/api-client/catalog';
import { encodeTriState } from '@opsdeck/ui';
import { changesQueryOf, insightsQueryOf, labelSelector, timeRangeBounds } from './changesQuery.ts';
import {
  countNoise,
  diffStats,
  diffTexts,
  parseUnifiedDiff,
  rebuildVersions,
  sideBySide,
  withoutNoise,
} from './diff.ts';
import { formatCost } from './format.ts';
import { queryWithFilter } from '@opsdeck/ui/data-table';
import { configListQueryOf, keyValueConditions, showsGroups } from './listQuery.ts';
import { layoutGraph, relationOf } from './relationships.ts';
import { diffableTexts, specText } from './spec.ts';
import { formatTypePath, typeLeaf, typePathParts, typeRoot } from './typePath.ts';

describe('type paths', () => {
  it('reads a namespaced type as a path', () => {
    expect(formatTypePath('AWS::EC2::Instance')).toBe('AWS › EC2 › Instance');
    expect(formatTypePath('Kubernetes::Pod')).toBe('Kubernetes › Pod');
    expect(formatTypePath('Custom')).toBe('Custom');
    expect(formatTypePath(null)).toBe('');
    expect(typePathParts('Azure::::VM')).toEqual(['Azure', 'VM']);
    expect(typeLeaf('AWS::RDS::DBInstance')).toBe('DBInstance');
    expect(typeRoot('AWS::RDS::DBInstance')).toBe('AWS');
  });
});

const table = (filters: Record<string, string>, extra: object = {}) => ({
  pageIndex: 0,
  pageSize: 50,
  sortBy: undefined,
  sortOrder: undefined,
  filters,
  ...extra,
});

describe('the list URL ↔ request', () => {
  it('turns tri-state filters into include/exclude lists and label conditions', () => {
    const query = configListQueryOf(
      table(
        {
          type: encodeTriState({ 'AWS::EC2::Instance': 1 }),
          health: encodeTriState({ healthy: 1, unknown: -1 }),
          labels: encodeTriState({ 'app=api': 1, 'team=a=b': -1 }),
          search: '  pay ',
        },
        { sortBy: 'name', sortOrder: 'desc', pageIndex: 3 },
      ),
    );
    expect(query).toEqual({
      type: { include: ['AWS::EC2::Instance'], exclude: [] },
      health: { include: ['healthy'], exclude: ['unknown'] },
      labels: [
        { key: 'app', value: 'api' },
        { key: 'team', value: 'a=b', exclude: true },
      ],
      search: 'pay',
      sortBy: 'name',
      sortOrder: 'desc',
      pageIndex: 3,
      pageSize: 50,
    });
  });

  it('defaults to type order and ignores unknown sort columns from a hand-written URL', () => {
    expect(configListQueryOf(table({}, { sortBy: 'drop table' }))).toMatchObject({
      sortBy: 'type',
      sortOrder: 'asc',
    });
  });

  it('groups by type only while nothing narrows the list to rows', () => {
    const plain = configListQueryOf(table({ health: encodeTriState({ healthy: 1 }) }));
    expect(showsGroups(plain, null)).toBe(true);
    expect(showsGroups(plain, 'none')).toBe(false);
    expect(showsGroups(configListQueryOf(table({ search: 'x' })), null)).toBe(false);
    expect(
      showsGroups(
        configListQueryOf(table({ type: encodeTriState({ 'Kubernetes::Pod': 1 }) })),
        null,
      ),
    ).toBe(false);
  });

  it('sets or clears one filter on the first page, as the URL does on a filter change', () => {
    const now = table(
      { search: 'pa', type: encodeTriState({ 'Kubernetes::Pod': 1 }) },
      {
        pageIndex: 4,
      },
    );
    expect(configListQueryOf(queryWithFilter(now, 'search', 'pay '))).toMatchObject({
      search: 'pay',
      type: { include: ['Kubernetes::Pod'], exclude: [] },
      pageIndex: 0,
    });
    const cleared = configListQueryOf(queryWithFilter(now, 'search', ''));
    expect(cleared.search).toBeUndefined();
    expect(cleared.pageIndex).toBe(0);
    expect(now.filters.search).toBe('pa');
  });

  it('skips tag options without a key', () => {
    expect(keyValueConditions({ novalue: 1, '=x': 1, 'k=': 1 })).toEqual([{ key: 'k', value: '' }]);
  });
});

describe('the changes and insights requests', () => {
  it('writes the endpoint’s tri-state grammar and label selector', () => {
    const query = changesQueryOf(
      table({
        configType: encodeTriState({ 'Kubernetes::Pod': 1, 'Kubernetes::Node': -1 }),
        changeType: encodeTriState({ diff: 1 }),
        severity: 'high',
        tags: encodeTriState({ 'cluster=prod': 1, 'env=dev': -1 }),
      }),
      { defaultFrom: 'now-7d' },
    );
    expect(query).toMatchObject({
      configType: 'Kubernetes::Pod,!Kubernetes::Node',
      changeType: 'diff',
      severity: 'high',
      tags: 'cluster=prod,env!=dev',
      from: 'now-7d',
      to: 'now',
      recursive: 'none',
      sortBy: 'created_at',
      sortOrder: 'desc',
    });
    expect(labelSelector({})).toBeUndefined();
  });

  it('sends a relative range as date math and an absolute one as instants', () => {
    // The picker's months are not Go datemath: they go as days.
    expect(
      timeRangeBounds({ type: 'relative', display: '1 month', range: 'now-1mo' }, 'now-2d'),
    ).toEqual({ from: 'now-30d', to: 'now' });
    expect(
      timeRangeBounds({ type: 'relative', display: 'Last 30 days', range: 'now-30d' }, 'now-2d'),
    ).toEqual({
      from: 'now-30d',
      to: 'now',
    });
    expect(
      timeRangeBounds(
        {
          type: 'absolute',
          display: 'Custom',
          from: '2026-11-01T00:00:00+01:00',
          to: '2026-11-02T00:00:00+01:00',
        },
        'now-2d',
      ),
    ).toEqual({ from: '2026-10-31T23:00:00.000Z', to: '2026-11-01T23:00:00.000Z' });
  });

  it('shows open insights until a status is picked', () => {
    expect(insightsQueryOf(table({}), 'c1')).toMatchObject({
      configId: 'c1',
      status: { include: ['open'] },
      sortBy: 'first_observed',
      sortOrder: 'desc',
    });
    expect(insightsQueryOf(table({ status: encodeTriState({ resolved: 1 }) })).status).toEqual({
      include: ['resolved'],
      exclude: [],
    });
  });
});

const deploymentDiff = `--- a/deployment
+++ b/deployment
@@ -1,13 +1,13 @@
 metadata:
   name: api
-  resourceVersion: "1001"
+  resourceVersion: "1002"
   generation: 4
   managedFields:
   - apiVersion: apps/v1
-    time: "2026-11-01T10:00:00Z"
+    time: "2026-11-02T10:00:00Z"
     manager: kubectl
   labels:
     app: api
 spec:
-  replicas: 2
+  replicas: 3
   paused: false
`;

describe('diffs', () => {
  it('parses hunks with line numbers on both sides', () => {
    const [hunk] = parseUnifiedDiff(deploymentDiff);
    expect(hunk!.header).toBe('@@ -1,13 +1,13 @@');
    const replicas = hunk!.lines.filter((line) => line.text.includes('replicas'));
    expect(replicas).toEqual([
      { kind: 'remove', text: '  replicas: 2', oldNumber: 12, noise: false },
      { kind: 'add', text: '  replicas: 3', newNumber: 12, noise: false },
    ]);
    expect(diffStats([hunk!])).toEqual({ added: 3, removed: 3 });
  });

  it('marks resourceVersion and the managedFields subtree as noise, not the labels after it', () => {
    const hunks = parseUnifiedDiff(deploymentDiff);
    expect(countNoise(hunks)).toBe(4);
    const shown = withoutNoise(hunks);
    expect(diffStats(shown)).toEqual({ added: 1, removed: 1 });
    expect(shown[0]!.lines.find((line) => line.text === '  labels:')?.noise).toBe(false);
  });

  it('drops a hunk whose only changes are noise', () => {
    const onlyNoise = `--- a\n+++ b\n@@ -1,2 +1,2 @@\n metadata:\n-  resourceVersion: "1"\n+  resourceVersion: "2"\n`;
    expect(withoutNoise(parseUnifiedDiff(onlyNoise))).toEqual([]);
  });

  it('marks managedFields in a JSON diff up to its closing bracket', () => {
    const json = `--- a\n+++ b\n@@ -1,6 +1,6 @@\n {\n   "managedFields": [\n-    {"time": "1"}\n+    {"time": "2"}\n   ],\n-  "replicas": 2\n+  "replicas": 3\n }\n`;
    const hunks = parseUnifiedDiff(json);
    expect(countNoise(hunks)).toBe(2);
    expect(diffStats(withoutNoise(hunks))).toEqual({ added: 1, removed: 1 });
  });

  it('knows a managedFields entry by its fields when the hunk starts below managedFields', () => {
    // As the demo's JSON diffs of a deployment: the hunk's context begins inside the entry.
    const json = [
      '--- a/web',
      '+++ b/web',
      '@@ -25,9 +25,9 @@',
      '         },',
      '         "manager": "kubectl-client-side-apply",',
      '         "operation": "Update",',
      '-        "time": "2024-02-17T01:00:00Z"',
      '+        "time": "2024-06-01T10:00:00Z"',
      '       }',
      '     ],',
      '     "name": "web",',
      '   "spec": {',
      '-    "replicas": 2,',
      '+    "replicas": 1,',
      '',
    ].join('\n');
    const hunks = parseUnifiedDiff(json);
    expect(countNoise(hunks)).toBe(2);
    const shown = withoutNoise(hunks)[0]!.lines.filter((line) => line.kind !== 'context');
    expect(shown.map((line) => line.text.trim())).toEqual(['"replicas": 2,', '"replicas": 1,']);
    // In YAML, the first field follows the list dash at the same column as the others.
    const yaml = `--- a\n+++ b\n@@ -3,3 +3,3 @@\n   - manager: kubectl\n     operation: Update\n-    time: "1"\n+    time: "2"\n`;
    expect(countNoise(parseUnifiedDiff(yaml))).toBe(2);
    // A `time` field elsewhere is not noise.
    const plain = `--- a\n+++ b\n@@ -1,2 +1,2 @@\n schedule:\n-  time: "1"\n+  time: "2"\n`;
    expect(countNoise(parseUnifiedDiff(plain))).toBe(0);
  });

  it('reads nothing from an empty or broken diff', () => {
    expect(parseUnifiedDiff(null)).toEqual([]);
    expect(parseUnifiedDiff('')).toEqual([]);
  });

  it('pairs removals with the additions after them for the side-by-side view', () => {
    const [hunk] = parseUnifiedDiff(`--- a\n+++ b\n@@ -1,3 +1,4 @@\n a\n-b\n+B\n+B2\n c\n`);
    const rows = sideBySide(hunk!);
    expect(rows.map((row) => [row.left?.text, row.right?.text])).toEqual([
      ['a', 'a'],
      ['b', 'B'],
      [undefined, 'B2'],
      ['c', 'c'],
    ]);
  });

  it('rebuilds earlier versions by applying the diffs backwards, and compares any two', () => {
    const v1 = 'replicas: 1\nimage: api:1\n';
    const v2 = 'replicas: 2\nimage: api:1\n';
    const v3 = 'replicas: 2\nimage: api:2\n';
    const patch = (a: string, b: string) =>
      `--- a\n+++ b\n${diffTexts(a, b)
        .map((hunk) =>
          [
            hunk.header,
            ...hunk.lines.map(
              (line) => `${{ add: '+', remove: '-', context: ' ' }[line.kind]}${line.text}`,
            ),
          ].join('\n'),
        )
        .join('\n')}\n`;
    const versions = rebuildVersions(v3, [
      { id: 'c3', created_at: '2026-11-03', diff: patch(v2, v3) },
      { id: 'c2', created_at: '2026-11-02', diff: patch(v1, v2) },
    ]);
    expect(versions.map((version) => [version.id, version.text])).toEqual([
      ['c3', v3],
      ['c2', v2],
      ['earliest', v1],
    ]);
    expect(diffStats(diffTexts(v1, v3))).toEqual({ added: 2, removed: 2 });
  });

  it('stops at a diff that does not apply', () => {
    const versions = rebuildVersions('a: 1\n', [
      { id: 'x', diff: '--- a\n+++ b\n@@ -1 +1 @@\n-zzz: 0\n+qqq: 1\n' },
    ]);
    expect(versions).toEqual([{ id: 'x', createdAt: null, text: 'a: 1\n' }]);
  });
});

describe('the spec text', () => {
  it('offers config-db’s rendering (sorted keys) first for rebuilding versions', () => {
    const [sorted] = diffableTexts({ spec: { replicas: 2 }, kind: 'Pod' });
    expect(sorted).toBe('{\n  "kind": "Pod",\n  "spec": {\n    "replicas": 2\n  }\n}');
    const before = JSON.stringify({ kind: 'Pod', spec: { replicas: 1 } }, null, 2);
    const diff = `--- a\n+++ b\n${diffTexts(before, sorted!)
      .map((hunk) =>
        [
          hunk.header,
          ...hunk.lines.map(
            (line) => `${{ add: '+', remove: '-', context: ' ' }[line.kind]}${line.text}`,
          ),
        ].join('\n'),
      )
      .join('\n')}\n`;
    const versions = rebuildVersions(sorted!, [{ id: 'c1', diff }]);
    expect(versions.map((version) => version.text)).toEqual([sorted, before]);
  });

  it('renders an object as YAML or JSON and a JSON string as an object', () => {
    expect(specText({ kind: 'Pod', spec: { replicas: 2 } }, 'yaml')).toBe(
      'kind: Pod\nspec:\n  replicas: 2\n',
    );
    expect(specText('{"a":1}', 'json')).toBe('{\n  "a": 1\n}');
    expect(specText('plain text', 'yaml')).toBe('plain text');
    expect(specText(null, 'yaml')).toBe('');
  });
});

describe('formatting', () => {
  it('formats costs and leaves zero out', () => {
    expect(formatCost(12.5)).toBe('$12.50');
    expect(formatCost(1234)).toBe('$1,234');
    expect(formatCost(0)).toBe('');
    expect(formatCost(null)).toBe('');
  });
});

const related = (id: string, related_ids: string[], extra: Partial<RelatedConfig> = {}) =>
  ({ id, name: id, type: 'Kubernetes::Pod', related_ids, tags: null, ...extra }) as RelatedConfig;

describe('the relationship graph', () => {
  it('lays nodes out by hops from the config and keeps edges between shown nodes', () => {
    const rows = [
      related('root', []),
      related('a', ['root']),
      related('b', ['root']),
      related('c', ['a']),
    ];
    const graph = layoutGraph('root', rows, 10);
    expect(graph.nodes.map((node) => [node.id, node.column, node.row])).toEqual([
      ['root', 0, 0],
      ['a', 1, 0],
      ['b', 1, 1],
      ['c', 2, 0],
    ]);
    expect(graph.edges).toHaveLength(3);
    expect(graph.hidden).toBe(0);
  });

  it('caps a 2,000-node estate and says how many are left out', () => {
    const rows = [
      related('root', []),
      ...Array.from({ length: 2000 }, (_, index) => related(`n${index}`, ['root'])),
    ];
    const graph = layoutGraph('root', rows, 60);
    expect(graph.nodes).toHaveLength(60);
    expect(graph.hidden).toBe(1941);
    expect(graph.edges.every((edge) => edge.from === 'root' || edge.to === 'root')).toBe(true);
  });

  it('names parents by path and children by theirs', () => {
    const config = { id: 'pod', path: 'cluster.ns' };
    expect(relationOf(config, related('ns', []))).toBe('parent');
    expect(relationOf(config, related('container', [], { path: 'cluster.ns.pod' }))).toBe('child');
    expect(relationOf(config, related('svc', []))).toBe('related');
    expect(relationOf(config, related('pod', []))).toBe('self');
  });
});
