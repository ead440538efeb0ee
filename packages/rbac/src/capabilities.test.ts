import { describe, expect, it } from 'vitest';
import { createAuthorizer } from './authorizer.ts';
import { CAPABILITY_NAMES, type CapabilityName } from './capabilities.ts';
import { ROLES, type Role } from './roles.ts';

// Who holds each capability by role alone, from the spec lines cited in capabilities.ts.
const EXPECTED: Record<CapabilityName, Record<Role, boolean>> = {
  'canaries.run': {
    admin: true,
    editor: true,
    commander: true,
    responder: true,
    viewer: false,
    guest: false,
  },
  'playbooks.run': {
    admin: true,
    editor: true,
    commander: false,
    responder: false,
    viewer: false,
    guest: false,
  },
  'playbooks.approve': {
    admin: true,
    editor: true,
    commander: false,
    responder: false,
    viewer: false,
    guest: false,
  },
  'incidents.attach': {
    admin: true,
    editor: true,
    commander: true,
    responder: true,
    viewer: false,
    guest: false,
  },
  'silences.create': {
    admin: true,
    editor: true,
    commander: false,
    responder: false,
    viewer: false,
    guest: false,
  },
  'logs.read': {
    admin: true,
    editor: false,
    commander: false,
    responder: false,
    viewer: false,
    guest: false,
  },
};

describe('capabilities', () => {
  it('lists every capability in the expectations', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...CAPABILITY_NAMES].sort());
  });

  const cases = CAPABILITY_NAMES.flatMap((capability) =>
    ROLES.map((role) => ({ role, capability, expected: EXPECTED[capability][role] })),
  );
  it.each(cases)('$role $capability → $expected', ({ role, capability, expected }) => {
    expect(createAuthorizer({ roles: [role] }).canDo(capability)).toBe(expected);
  });

  it('grants a capability by a row naming its object and action, or by the resource it derives from', () => {
    const viewer = (permissions: { object: string; action: string }[]) =>
      createAuthorizer({ roles: ['viewer'], permissions });
    expect(
      viewer([{ object: 'playbooks', action: 'read,playbook:run' }]).canDo('playbooks.run'),
    ).toBe(true);
    expect(
      viewer([{ object: 'playbooks', action: 'playbook:run' }]).canDo('playbooks.approve'),
    ).toBe(false);
    expect(viewer([{ object: 'canaries', action: 'run' }]).canDo('canaries.run')).toBe(true);
    expect(viewer([{ object: 'canaries', action: 'update' }]).canDo('canaries.run')).toBe(true);
    expect(viewer([{ object: 'incident', action: 'read' }]).canDo('incidents.attach')).toBe(false);
    expect(viewer([{ object: '*', action: '*' }]).canDo('silences.create')).toBe(true);
  });

  it('lets a deny row naming the capability beat its roles, except for an admin; conditional rows are the server’s', () => {
    const denyRun = [{ object: 'canaries', action: 'run', deny: true }];
    expect(
      createAuthorizer({ roles: ['responder'], permissions: denyRun }).canDo('canaries.run'),
    ).toBe(false);
    expect(
      createAuthorizer({
        roles: ['editor'],
        permissions: [{ object: 'canaries', action: '*', deny: true }],
      }).canDo('canaries.run'),
    ).toBe(false);
    expect(createAuthorizer({ roles: ['admin'], permissions: denyRun }).canDo('canaries.run')).toBe(
      true,
    );
    expect(
      createAuthorizer({
        roles: ['responder'],
        permissions: [{ ...denyRun[0]!, condition: 'true' }],
      }).canDo('canaries.run'),
    ).toBe(true);
    // A deny on another action of the object leaves the capability alone.
    expect(
      createAuthorizer({
        roles: ['responder'],
        permissions: [{ object: 'canaries', action: 'delete', deny: true }],
      }).canDo('canaries.run'),
    ).toBe(true);
  });

  it('gives nothing to unknown or missing roles', () => {
    for (const roles of [[], ['superuser']])
      expect(CAPABILITY_NAMES.some((name) => createAuthorizer({ roles }).canDo(name))).toBe(false);
  });
});
