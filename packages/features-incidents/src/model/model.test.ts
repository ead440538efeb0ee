import type { Hypothesis, IncidentHistory } from '@opsdeck/api-client/incidents';
import { describe, expect, it } from 'vitest';
import { buildHypothesisTree } from './hypothesisTree.ts';
import { toIncidentListQuery } from './listQuery.ts';
import { hypothesisStatusColor, incidentStatusColor, severityBadge, typeLabel } from './status.ts';
import { evidenceEntry, historyEntry, mergeTimeline } from './timeline.ts';

describe('status colours (settings §4)', () => {
  it('gives each incident status its own colour', () => {
    const colors = ['new', 'open', 'investigating', 'mitigated', 'resolved', 'closed'].map(
      incidentStatusColor,
    );
    expect(colors).toEqual(['primary', 'red', 'orange', 'yellow', 'green', 'gray']);
    expect(new Set(colors).size).toBe(6);
    expect(incidentStatusColor('cancelled')).toBe('neutral');
    expect(incidentStatusColor(null)).toBe('neutral');
  });

  it('colours hypotheses from proven (green) to disproven (red)', () => {
    expect(hypothesisStatusColor('proven')).toBe('green');
    expect(hypothesisStatusColor('disproven')).toBe('red');
    expect(hypothesisStatusColor('whatever')).toBe('neutral');
  });

  it('shows stored severities by level, codes included', () => {
    expect(severityBadge('4')).toEqual({ level: 'critical', label: 'Critical', color: 'red' });
    expect(severityBadge('Medium')).toMatchObject({ label: 'Medium', color: 'yellow' });
    expect(severityBadge('info')).toMatchObject({ label: 'Low' });
    expect(typeLabel('technicalDebt')).toBe('Technical debt');
    expect(typeLabel('technical_debt')).toBe('Technical debt');
  });
});

describe('filters ↔ the list request', () => {
  it('reads every filter from the table query and leaves empty ones out', () => {
    expect(
      toIncidentListQuery({
        pageIndex: 1,
        pageSize: 25,
        sortBy: 'title',
        sortOrder: 'asc',
        filters: {
          status: 'open',
          severity: 'Medium',
          type: 'security',
          commander: 'p1',
          component: 'c1',
          q: ' api ',
          unrelated: 'x',
        },
      }),
    ).toEqual({
      pageIndex: 1,
      pageSize: 25,
      sortBy: 'title',
      sortOrder: 'asc',
      search: 'api',
      status: 'open',
      severity: 'Medium',
      type: 'security',
      commander: 'p1',
      component: 'c1',
    });
    expect(
      toIncidentListQuery({
        pageIndex: 0,
        pageSize: 50,
        sortBy: undefined,
        sortOrder: undefined,
        filters: { status: '', q: '  ' },
      }),
    ).toMatchObject({ status: undefined, search: undefined });
  });
});

const hypothesis = (
  id: string,
  type: string,
  parent_id: string | null,
  at = '2024-01-01',
): Hypothesis =>
  ({ id, type, parent_id, title: id, created_at: at, evidences: [], comments: [] }) as Hypothesis;

describe('the hypothesis tree', () => {
  it('nests root → factor → solution from parent_id', () => {
    const tree = buildHypothesisTree([
      hypothesis('s1', 'solution', 'f1'),
      hypothesis('f1', 'factor', 'r1'),
      hypothesis('r1', 'root', null),
      hypothesis('f2', 'factor', 'r1', '2024-01-02'),
    ]);
    expect(tree.map((n) => n.hypothesis.id)).toEqual(['r1']);
    expect(tree[0]!.children.map((n) => n.hypothesis.id)).toEqual(['f1', 'f2']);
    expect(tree[0]!.children[0]!.children.map((n) => n.hypothesis.id)).toEqual(['s1']);
  });

  it('keeps orphans and cycles visible at the top', () => {
    const tree = buildHypothesisTree([
      hypothesis('f9', 'factor', 'gone'),
      hypothesis('a', 'factor', 'b'),
      hypothesis('b', 'factor', 'a'),
    ]);
    const all = JSON.stringify(tree);
    expect(tree[0]!.hypothesis.id).toBe('f9');
    expect(all).toContain('"id":"a"');
    expect(all).toContain('"id":"b"');
  });
});

const row = (patch: Partial<IncidentHistory>): IncidentHistory =>
  ({
    id: 'x',
    created_at: '2024-01-01T10:00:00Z',
    created_by: { id: 'p1', name: 'Ada' },
    ...patch,
  }) as IncidentHistory;

describe('the timeline', () => {
  it("tells the evidence's check turns and config changes, and leaves the history to /api/db", () => {
    const turn = evidenceEntry(
      {
        kind: 'check_status',
        at: '2024-01-01T10:05:00Z',
        check: { id: 'k1', name: 'api-health' },
        status: 'unhealthy',
        error: 'timeout after 10s',
      },
      0,
    );
    expect(turn).toMatchObject({
      kind: 'check.status',
      text: 'Check api-health turned unhealthy: timeout after 10s',
    });
    const change = evidenceEntry(
      {
        kind: 'config_change',
        at: '2024-01-01T10:06:00Z',
        config: { id: 'c1', name: 'api' },
        change: { id: 'ch1', change_type: 'diff', severity: 'high', summary: 'image bumped' },
      },
      1,
    );
    expect(change?.text).toBe('Config api: image bumped (high)');
    expect(evidenceEntry({ kind: 'history', at: '2024-01-01T10:00:00Z' }, 2)).toBeNull();
    // Interleaved with the history by time, newest first.
    const history = historyEntry(
      row({ type: 'incident.created', created_at: '2024-01-01T10:00:00Z' }),
    );
    expect(mergeTimeline([history], [turn!, change!]).map((entry) => entry.kind)).toEqual([
      'config.change',
      'check.status',
      'incident.created',
    ]);
  });

  it('tells each history event in words, with who did it', () => {
    expect(historyEntry(row({ type: 'incident.created' }))).toMatchObject({
      actor: 'Ada',
      text: 'created the incident',
    });
    expect(
      historyEntry(row({ type: 'incident.status_updated', description: 'mitigated' })).text,
    ).toBe('changed the status to mitigated');
    expect(
      historyEntry(
        row({
          type: 'evidence.created',
          evidence: {
            id: 'e1',
            description: 'failing',
            type: 'check',
            checks: { id: 'k1', name: 'api-health' },
          },
          hypothesis: { id: 'h1', title: 'DB pool' },
        }),
      ).text,
    ).toBe('attached api-health as evidence to "DB pool"');
    expect(
      historyEntry(
        row({ type: 'responder.created', responder: { id: 'r', team: { id: 't', name: 'SRE' } } }),
      ).text,
    ).toBe('added SRE as a responder');
    expect(
      historyEntry(
        row({
          type: 'hypothesis.status_updated',
          description: 'proven',
          hypothesis: { id: 'h', title: 'DB' },
        }),
      ).text,
    ).toBe('marked "DB" as proven');
    expect(historyEntry(row({ type: 'custom.thing', description: 'x' })).text).toBe(
      'custom.thing: x',
    );
  });

  it('interleaves sources newest first, undated entries last', () => {
    const entry = (id: string, at: string | null) => ({ id, at, kind: 'k', actor: null, text: id });
    const merged = mergeTimeline(
      [entry('h1', '2024-01-01T10:00:00Z'), entry('h2', '2024-01-01T08:00:00Z')],
      [entry('c1', '2024-01-01T09:00:00Z'), entry('c2', null)],
    );
    expect(merged.map((e) => e.id)).toEqual(['h1', 'c1', 'h2', 'c2']);
  });
});
