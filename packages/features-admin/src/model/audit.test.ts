import { readTableUrlState, type DataTableQuery } from '@opsdeck/ui/data-table';
import { readTimeRangeSearchParams } from '@opsdeck/ui/time-range';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  auditActorLabel,
  auditDiff,
  auditRequest,
  auditResourcePage,
  auditTable,
  formatAuditValue,
} from './audit.ts';

const now = DateTime.fromISO('2026-11-28T12:00:00Z');

/** The table query the page reads from this address (ui's own URL readers, as useDataTable does). */
function queryOf(search: string): DataTableQuery {
  const params = new URLSearchParams(search);
  const state = readTableUrlState(params, {
    prefix: auditTable.urlPrefix,
    defaultSort: auditTable.defaultSort,
    filterKeys: auditTable.filters,
  });
  const sort = state.sorting[0];
  return {
    pageIndex: state.pageIndex,
    pageSize: state.pageSize ?? auditTable.defaultPageSize,
    sortBy: sort?.id,
    sortOrder: sort ? (sort.desc ? 'desc' : 'asc') : undefined,
    filters: Object.fromEntries(state.columnFilters.map((filter) => [filter.id, filter.value])),
    timeRange: readTimeRangeSearchParams(params),
  };
}

describe('auditRequest (the audit trail’s URL state)', () => {
  it('asks for every write, newest first, 50 a page, while the URL says nothing', () => {
    expect(auditRequest(queryOf(''), now)).toEqual({
      pageIndex: 0,
      pageSize: 50,
      sortOrder: 'desc',
    });
  });

  it('reads the person, table, action, range and page from the URL', () => {
    const request = auditRequest(
      queryOf(
        '?actor.filter=p-1&table.filter=permissions&action.filter=update' +
          '&rangeType=relative&timeRange=now-7d&pageIndex=2&pageSize=25',
      ),
      now,
    );
    expect(request).toEqual({
      pageIndex: 2,
      pageSize: 25,
      sortOrder: 'desc',
      actor: 'p-1',
      table: 'permissions',
      action: 'update',
      from: '2026-11-21T12:00:00.000Z',
      to: '2026-11-28T12:00:00.000Z',
    });
  });

  it('ignores an action that is not a write and filters no other table’s keys', () => {
    const request = auditRequest(queryOf('?action.filter=drop&status.filter=x'), now);
    expect(request.action).toBeUndefined();
    expect(Object.keys(request).sort()).toEqual(['pageIndex', 'pageSize', 'sortOrder']);
  });
});

describe('auditDiff', () => {
  it('marks the changed columns of an update and keeps a masked secret as masked', () => {
    const [row, ...rest] = auditDiff({
      ids: ['c-1'],
      before: [{ id: 'c-1', name: 'prod', url: 'http://a', password: '********' }],
      after: [{ id: 'c-1', name: 'prod', url: 'http://b', password: '********' }],
    });
    expect(rest).toEqual([]);
    expect(row!.id).toBe('c-1');
    const byKey = Object.fromEntries(row!.fields.map((field) => [field.key, field]));
    expect(byKey.url).toMatchObject({ before: 'http://a', after: 'http://b', changed: true });
    expect(byKey.name!.changed).toBe(false);
    expect(byKey.password).toMatchObject({ changed: false, masked: true, after: '********' });
  });

  it('pairs a multi-row update by id whatever order the images come in', () => {
    const rows = auditDiff({
      ids: ['a', 'b'],
      before: [
        { id: 'b', value: 1 },
        { id: 'a', value: 1 },
      ],
      after: [
        { id: 'a', value: 2 },
        { id: 'b', value: 1 },
      ],
    });
    expect(rows.map((row) => [row.id, row.fields.find((f) => f.key === 'value')!.changed])).toEqual(
      [
        ['a', true],
        ['b', false],
      ],
    );
  });

  it('shows each row of an insert and of a delete whole, as changed', () => {
    const inserted = auditDiff({
      ids: ['t-1', 't-2'],
      before: null,
      after: [
        { id: 't-1', name: 'platform' },
        { id: 't-2', name: 'payments' },
      ],
    });
    expect(inserted).toHaveLength(2);
    expect(inserted[1]!.fields).toEqual([
      { key: 'id', before: undefined, after: 't-2', changed: true, masked: false },
      { key: 'name', before: undefined, after: 'payments', changed: true, masked: false },
    ]);
    // A row keyed by another column (properties by name) takes its key from the recorded ids.
    const deleted = auditDiff({
      ids: ['flag.disable'],
      before: [{ name: 'flag.disable', value: 'true' }],
      after: null,
    });
    expect(deleted).toEqual([
      {
        id: 'flag.disable',
        fields: [
          { key: 'name', before: 'flag.disable', after: undefined, changed: true, masked: false },
          { key: 'value', before: 'true', after: undefined, changed: true, masked: false },
        ],
      },
    ]);
  });

  it('compares nested values by content and shows them as JSON', () => {
    const [row] = auditDiff({
      ids: null,
      before: [{ id: 'x', spec: { a: 1 }, labels: { env: 'prod' } }],
      after: [{ id: 'x', spec: { a: 2 }, labels: { env: 'prod' } }],
    });
    expect(row!.fields.map((field) => [field.key, field.changed])).toEqual([
      ['id', false],
      ['spec', true],
      ['labels', false],
    ]);
    expect(formatAuditValue({ a: 2 })).toBe('{\n  "a": 2\n}');
    expect(formatAuditValue(null)).toBe('null');
    expect(formatAuditValue(undefined)).toBe('');
  });
});

describe('the audit trail’s people and links', () => {
  it('names a person, an agent and the server', () => {
    const names = new Map([
      ['p-1', 'Ada Admin'],
      ['a-1', 'eu-west'],
    ]);
    expect(auditActorLabel('p-1', names)).toBe('Ada Admin');
    expect(auditActorLabel('agent:a-1', names)).toBe('Agent eu-west');
    expect(auditActorLabel('system', names)).toBe('System');
    expect(auditActorLabel('p-2', names)).toBe('p-2');
  });

  it('links the tables that have pages and no other', () => {
    expect(auditResourcePage('canaries')).toBe('canaryEditor');
    expect(auditResourcePage('notifications')).toBe('notificationRule');
    expect(auditResourcePage('people')).toBe('users');
    expect(auditResourcePage('check_statuses')).toBeUndefined();
  });
});
