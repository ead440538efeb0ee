import { Activity } from '@opsdeck/ui';
import { describe, expect, it } from 'vitest';
import { firstSidebarPath, specAreaOf } from './specAreas.ts';
import { currentHandle } from './handle.ts';

describe('specAreaOf', () => {
  it('names the spec area of a path and nothing for a stray one', () => {
    expect(specAreaOf('/topology')).toBe('Dashboard');
    expect(specAreaOf('/notifications/silences')).toBe('Notifications');
    // Incidents, Playbooks and Logs are in the build: a stray address under them is not found, not
    // "not available yet".
    expect(specAreaOf('/incidents/42/nowhere')).toBeUndefined();
    expect(specAreaOf('/playbooks/runs/42/nowhere')).toBeUndefined();
    expect(specAreaOf('/logs/42')).toBeUndefined();
    expect(specAreaOf('/settings/users')).toBe('Settings');
    expect(specAreaOf('/view/topology/7')).toBe('Topology');
    expect(specAreaOf('/catalogue')).toBeUndefined();
    expect(specAreaOf('/nowhere')).toBeUndefined();
  });
});

describe('firstSidebarPath', () => {
  it('is the first link, else the first item of a group', () => {
    const link = {
      kind: 'link' as const,
      name: 'health',
      label: 'Health',
      icon: Activity,
      path: '/health',
    };
    expect(firstSidebarPath([link])).toBe('/health');
    expect(
      firstSidebarPath([
        { kind: 'group', label: 'Settings', items: [{ ...link, path: '/settings/users' }] },
      ]),
    ).toBe('/settings/users');
    expect(firstSidebarPath([])).toBeUndefined();
  });
});

describe('currentHandle', () => {
  it('takes the deepest route handle', () => {
    expect(
      currentHandle([
        { handle: undefined },
        { handle: { title: 'List' } },
        { handle: { title: 'Detail', ownHeader: true } },
      ]),
    ).toEqual({
      title: 'Detail',
      ownHeader: true,
    });
    expect(currentHandle([{ handle: undefined }])).toEqual({});
  });
});
