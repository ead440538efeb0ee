import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { sendsRequest, sendStatusColor, sendStatusLabel } from './sends.ts';
import {
  emptySilenceForm,
  initialSilenceForm,
  isSilenceExpired,
  previewQueryOf,
  silenceRequestOf,
  validateSilenceForm,
} from './silenceForm.ts';

const now = new Date('2026-11-28T10:00:00Z');
const check = { id: '0190b000-0000-7000-8000-0000000000c1', name: 'homepage' };

describe('the send history request', () => {
  it('maps the URL filters and a relative time range to the request', () => {
    const request = sendsRequest(
      {
        pageIndex: 2,
        pageSize: 25,
        sortBy: undefined,
        sortOrder: undefined,
        filters: { status: 'error', resourceType: 'http', rule: 'r1' },
        timeRange: {
          type: 'absolute',
          display: 'Custom',
          from: '2026-11-28T08:00:00Z',
          to: '2026-11-28T09:00:00Z',
        },
      },
      DateTime.fromJSDate(now),
    );
    expect(request).toMatchObject({ pageIndex: 2, pageSize: 25, status: 'error' });
    expect(request.resourceType).toBe('http');
    expect(request.ruleId).toBe('r1');
    expect([request.from, request.to]).toEqual([
      '2026-11-28T08:00:00.000Z',
      '2026-11-28T09:00:00.000Z',
    ]);
  });

  it('names statuses in words and colours failures red', () => {
    expect(sendStatusLabel('repeat-interval')).toBe('Repeat interval');
    expect(sendStatusLabel(null)).toBe('Unknown');
    expect(sendStatusColor('error')).toBe('red');
    expect(sendStatusColor('sent')).toBe('green');
    expect(sendStatusColor('silenced')).toBe('gray');
  });
});

describe('the silence form', () => {
  it('wants exactly one of a resource or a filter', () => {
    expect(validateSilenceForm(emptySilenceForm).target).toBe('Pick a resource or write a filter');
    expect(
      validateSilenceForm({ ...emptySilenceForm, resource: check, filter: 'true' }).target,
    ).toMatch(/not both/);
    expect(validateSilenceForm({ ...emptySilenceForm, filter: 'true' })).toEqual({});
  });

  it('turns a preset into absolute times from now, and indefinitely into the word', () => {
    expect(silenceRequestOf({ ...emptySilenceForm, resource: check, duration: '1w' }, now)).toEqual(
      {
        from: '2026-11-28T10:00:00.000Z',
        until: '2026-12-05T10:00:00.000Z',
        recursive: false,
        resource: { kind: 'config', id: check.id },
      },
    );
    expect(
      silenceRequestOf({ ...emptySilenceForm, filter: ' true ', duration: 'indefinitely' }, now),
    ).toEqual({ from: now.toISOString(), until: 'indefinitely', recursive: false, filter: 'true' });
  });

  it('keeps recursive only with a resource, and previews nothing until one or a filter is given', () => {
    expect(previewQueryOf(emptySilenceForm)).toBeUndefined();
    expect(
      previewQueryOf({
        ...emptySilenceForm,
        resourceKind: 'check',
        resource: check,
        recursive: true,
      }),
    ).toEqual({ recursive: true, resource: { kind: 'check', id: check.id } });
    expect(previewQueryOf({ ...emptySilenceForm, filter: 'x', recursive: true })).toEqual({
      recursive: false,
      filter: 'x',
    });
  });

  it("starts from a link's resource, or empty", () => {
    expect(initialSilenceForm({})).toBe(emptySilenceForm);
    expect(
      initialSilenceForm({ resource: `check:${check.id}`, resourceName: 'homepage' }),
    ).toMatchObject({ resourceKind: 'check', resource: check });
  });

  it('reads until null as never expired', () => {
    const silence = { id: 's', until: null } as never;
    expect(isSilenceExpired(silence, now)).toBe(false);
    expect(isSilenceExpired({ id: 's', until: '2026-11-28T09:00:00Z' } as never, now)).toBe(true);
  });
});
