import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as extensions from '@opsdeck/extensions';
import {
  createExtensionView,
  createFeatureRegistry,
  parseRouteSearch,
  resolveLink,
  type ComponentSlot,
  type DataSlot,
} from '@opsdeck/extensions';
import { shellSlots, type PaletteCommand } from '@opsdeck/extensions/shell';
import { catalogSlots } from '@opsdeck/features-catalog/slots';
import { healthRoutes, parseHealthViewState } from '@opsdeck/features-health';
import { checkModalSearch, healthSlots } from '@opsdeck/features-health/slots';
import { topologyExternalRoutes } from '@opsdeck/features-topology';
import { topologySlots } from '@opsdeck/features-topology/slots';
import { createAuthorizer, createFeatureFlags } from '@opsdeck/rbac';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { consoleBindings, consoleFeatures } from './index.ts';

const registry = createFeatureRegistry(consoleFeatures, { bindings: consoleBindings });
const viewFor = (roles: string[]) =>
  createExtensionView(registry, {
    flags: createFeatureFlags([]),
    authorizer: createAuthorizer({ roles }),
  });

describe('the console build: slots declared by their hosts', () => {
  // Every slot a feature of this build fills, by the entry of the package that hosts it.
  const hosted = new Map<ComponentSlot<never> | DataSlot<unknown>, string>([
    ...Object.values(healthSlots).map((slot) => [slot, '@opsdeck/features-health/slots'] as const),
    ...Object.values(catalogSlots).map(
      (slot) => [slot, '@opsdeck/features-catalog/slots'] as const,
    ),
    ...Object.values(topologySlots).map(
      (slot) => [slot, '@opsdeck/features-topology/slots'] as const,
    ),
    ...Object.values(shellSlots).map((slot) => [slot, '@opsdeck/extensions/shell'] as const),
  ]);

  it('fills only slots that a host declares in its own /slots entry', () => {
    const filled = consoleFeatures.flatMap((feature) =>
      (feature.contributions ?? []).map((c) => ({ id: c.id, slot: c.slot })),
    );
    expect(filled.length).toBeGreaterThan(10);
    for (const { id, slot } of filled) expect(hosted.has(slot), id).toBe(true);
    // …and the slot's id names its host, so a mistake in the registry's messages reads plainly.
    for (const [slot, entry] of hosted) {
      const host = slot.id.split('.')[0]!;
      expect(
        entry.includes(`features-${host}/`) || (host === 'shell' && entry.endsWith('/shell')),
      ).toBe(true);
    }
  });

  it('keeps no central slot catalogue in @opsdeck/extensions', () => {
    expect('slots' in extensions).toBe(false);
  });

  it('declares the data slots the admin areas will fill', () => {
    expect(Object.values(shellSlots).map((slot) => [slot.kind, slot.id])).toEqual([
      ['data', 'shell.paletteCommands'],
      ['data', 'shell.paletteSearchProviders'],
      ['data', 'shell.paletteActions'],
      ['data', 'shell.shortcuts'],
      ['data', 'shell.settingsSections'],
      ['data', 'shell.notificationEventRenderers'],
      ['data', 'shell.adminTabs'],
      ['data', 'shell.savedViewProviders'],
    ]);
  });
});

describe('the console build: a data slot end to end', () => {
  it('reads each feature’s palette command through the registry, typed, with its link', () => {
    const commands = viewFor(['admin']).data(shellSlots.paletteCommands);
    expectTypeOf(commands[0]!.value).toEqualTypeOf<PaletteCommand>();
    const view = viewFor(['admin']);
    expect(
      commands.map(({ feature, value }) => [feature, value.title, resolveLink(view, value.to)]),
    ).toEqual([
      ['topology', 'Go to Topology', '/topology'],
      ['health', 'Go to Health', '/health'],
      ['incidents', 'Go to Incidents', '/incidents'],
      ['config', 'Go to Catalog', '/catalog'],
      ['logs', 'Go to Logs', '/logs'],
      ['playbooks', 'Go to Playbooks', '/playbooks'],
      ['notifications', 'Go to Notifications', '/notifications'],
      ['notifications', 'Go to Notification silences', '/notifications/silences'],
    ]);
  });

  it('leaves out the commands of features the user may not read', () => {
    // A guest reads no feature's resource (console §6), so the palette offers nothing.
    expect(viewFor(['guest']).data(shellSlots.paletteCommands)).toEqual([]);
  });
});

describe('the console build: the check modal as a typed link', () => {
  it('opens a check from topology on the health page, which reads it back with its own schema', () => {
    const toHealth = viewFor(['viewer']).link(topologyExternalRoutes.healthPage)!;
    const href = toHealth({}, checkModalSearch('check a/b', '3h'));
    expect(href).toBe('/health?checkId=check+a%2Fb&timeRange=3h');
    const url = new URL(href, 'http://console');
    expect(parseRouteSearch(healthRoutes.page, url.searchParams)).toEqual({
      checkId: 'check a/b',
      timeRange: '3h',
    });
  });

  it('links to the health list filtered by its search, read back by the page', () => {
    const toHealth = viewFor(['viewer']).link(topologyExternalRoutes.healthPage)!;
    const href = toHealth({}, { search: 'payments api' });
    expect(href).toBe('/health?search=payments+api');
    const url = new URL(href, 'http://console');
    expect(parseHealthViewState(url.searchParams)).toMatchObject({
      search: 'payments api',
      checkId: null,
    });
  });

  it('drops a bad time range to the page default instead of failing', () => {
    const search = new URLSearchParams('checkId=c1&timeRange=eternity');
    expect(parseRouteSearch(healthRoutes.page, search)).toEqual({ checkId: 'c1' });
    expect(parseHealthViewState(search)).toMatchObject({ checkId: 'c1', timeRange: '1h' });
  });

  it('leaves the check modal’s parameters to health: no other feature spells them', () => {
    const packages = join(import.meta.dirname, '../../../../packages');
    const offenders: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.tsx?$/.test(entry.name) && !/\.test(\.helper)?\.tsx?$/.test(entry.name)) {
          const text = readFileSync(path, 'utf8');
          if (/checkId|timeRange=/.test(text)) offenders.push(path.slice(packages.length + 1));
        }
      }
    };
    for (const feature of ['catalog', 'incidents', 'playbooks', 'topology'])
      walk(join(packages, `features-${feature}`, 'src'));
    expect(offenders).toEqual([]);
  });
});
