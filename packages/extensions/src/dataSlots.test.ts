import { createAuthorizer, createFeatureFlags } from '@opsdeck/rbac';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { defineFeature } from './feature.ts';
import { createFeatureRegistry } from './registry.ts';
import { contribute, createComponentSlot, createDataSlot } from './slots.ts';
import { createExtensionView } from './view.ts';

const page = async () => ({ Component: () => null });

// A host's data slot: each feature gives a value, the host decides how to show it.
interface Shortcut {
  title: string;
  keys: string;
}
const shortcuts = createDataSlot<Shortcut>('shell.shortcuts');

const health = defineFeature({
  name: 'health',
  resource: 'canaries',
  routes: [{ path: 'health', title: 'Health', load: page }],
  contributions: [
    contribute(shortcuts, { id: 'health.open', order: 2, value: { title: 'Health', keys: 'g h' } }),
  ],
});
const playbooks = defineFeature({
  name: 'playbooks',
  resource: 'playbooks',
  routes: [{ path: 'playbooks', title: 'Playbooks', load: page }],
  contributions: [
    contribute(shortcuts, {
      id: 'playbooks.open',
      order: 1,
      value: { title: 'Playbooks', keys: 'g p' },
    }),
    contribute(shortcuts, {
      id: 'playbooks.new',
      order: 3,
      access: { action: 'write' },
      value: { title: 'New playbook', keys: 'n p' },
    }),
  ],
});
const registry = createFeatureRegistry([health, playbooks]);

const viewFor = (roles: string[], flags = createFeatureFlags([])) =>
  createExtensionView(registry, { flags, authorizer: createAuthorizer({ roles }) });

describe('data slots', () => {
  it('gives the host each visible value, typed by the slot, in order', () => {
    const values = viewFor(['admin']).data(shortcuts);
    expectTypeOf(values[0]!.value).toEqualTypeOf<Shortcut>();
    expect(values.map(({ id, feature, value }) => [id, feature, value.keys])).toEqual([
      ['playbooks.open', 'playbooks', 'g p'],
      ['health.open', 'health', 'g h'],
      ['playbooks.new', 'playbooks', 'n p'],
    ]);
  });

  it('filters values by the feature flag, read on the resource and their own access', () => {
    expect(
      viewFor(['viewer'])
        .data(shortcuts)
        .map((v) => v.id),
    ).toEqual(['playbooks.open', 'health.open']);
    const off = createFeatureFlags([{ name: 'playbooks.disable', value: 'true' }]);
    expect(
      viewFor(['admin'], off)
        .data(shortcuts)
        .map((v) => v.id),
    ).toEqual(['health.open']);
    expect(viewFor(['guest']).data(shortcuts)).toEqual([]);
  });

  it('checks a value against its slot type where it is written', () => {
    // @ts-expect-error a shortcut needs its keys
    contribute(shortcuts, { id: 'health.bad', value: { title: 'Health' } });
    const actions = createComponentSlot<{ id: string }>('health.actions');
    // @ts-expect-error a component slot takes a component to load, not a value
    contribute(actions, { id: 'x.y', title: 'x', value: 1 });
  });

  it('refuses one slot id filled as a component slot and as a data slot', () => {
    const asComponent = createComponentSlot<{ id: string }>('shell.shortcuts');
    const other = defineFeature({
      name: 'other',
      resource: 'canaries',
      routes: [{ path: 'other', title: 'Other', load: page }],
      contributions: [
        contribute(asComponent, { id: 'other.x', title: 'x', load: async () => () => null }),
      ],
    });
    expect(() => createFeatureRegistry([health, other])).toThrow(
      'Slot "shell.shortcuts" is filled as a data slot and as a component slot',
    );
  });

  it('names slots after their host', () => {
    expect(() => createDataSlot('palette')).toThrow('the id is "host.name"');
  });
});
