import { describe, expect, it } from 'vitest';
import { createFeatureFlags } from './featureFlags.ts';

describe('createFeatureFlags', () => {
  it('enables everything by default', () => {
    const flags = createFeatureFlags([]);
    expect(flags.isEnabled('incidents')).toBe(true);
    expect(flags.isEnabled('settings.connections')).toBe(true);
  });

  it("disables a feature whose '{feature}.disable' property is 'true'", () => {
    const flags = createFeatureFlags([
      { name: 'incidents.disable', value: 'true' },
      { name: 'logs.disable', value: 'false' },
      { name: 'playbooks.disable', value: 'TRUE ' },
      { name: 'topology', value: 'true' },
    ]);
    expect(flags.isEnabled('incidents')).toBe(false);
    expect(flags.isEnabled('logs')).toBe(true);
    expect(flags.isEnabled('playbooks')).toBe(false);
    expect(flags.isEnabled('topology')).toBe(true);
    expect(flags.disabled).toEqual(['incidents', 'playbooks']);
  });

  it('cascades a disabled parent to its dotted children, never the other way', () => {
    const flags = createFeatureFlags([
      { name: 'settings.disable', value: 'true' },
      { name: 'health.checks.disable', value: 'true' },
    ]);
    expect(flags.isEnabled('settings.connections')).toBe(false);
    expect(flags.isEnabled('settings.connections.test')).toBe(false);
    expect(flags.isEnabled('health')).toBe(true);
    expect(flags.isEnabled('health.checks.spec')).toBe(false);
    // A feature that merely shares a prefix is not a child.
    expect(flags.isEnabled('settingsx')).toBe(true);
  });
});
