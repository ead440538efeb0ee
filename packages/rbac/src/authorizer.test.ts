import { describe, expect, it } from 'vitest';
import { createAuthorizer } from './authorizer.ts';
import { ACTIONS, RESOURCES, ROLES, type Action, type Resource, type Role } from './roles.ts';

// The role matrix of shared/spec/console.md §6, written out cell by cell:
// rw = read and write, r = read only, - = nothing.
const SPEC: ReadonlyArray<[Resource, Record<Role, 'rw' | 'r' | '-'>]> = [
  [
    'database',
    { admin: 'rw', editor: 'rw', commander: 'r', responder: 'r', viewer: 'r', guest: '-' },
  ],
  ['rbac', { admin: 'rw', editor: 'r', commander: '-', responder: '-', viewer: '-', guest: '-' }],
  ['auth', { admin: 'rw', editor: 'rw', commander: 'r', responder: 'r', viewer: 'r', guest: '-' }],
  [
    'responder',
    { admin: 'rw', editor: 'rw', commander: 'rw', responder: 'rw', viewer: 'r', guest: '-' },
  ],
  [
    'incident',
    { admin: 'rw', editor: 'rw', commander: 'rw', responder: 'rw', viewer: 'r', guest: '-' },
  ],
  [
    'evidences',
    { admin: 'rw', editor: 'rw', commander: 'rw', responder: 'rw', viewer: 'r', guest: '-' },
  ],
  [
    'comments',
    { admin: 'rw', editor: 'rw', commander: 'rw', responder: 'rw', viewer: 'r', guest: '-' },
  ],
  [
    'canaries',
    { admin: 'rw', editor: 'rw', commander: 'r', responder: 'r', viewer: 'r', guest: '-' },
  ],
  [
    'topologies',
    { admin: 'rw', editor: 'rw', commander: 'r', responder: 'r', viewer: 'r', guest: '-' },
  ],
  [
    'config_scrapers',
    { admin: 'rw', editor: 'rw', commander: 'r', responder: 'r', viewer: 'r', guest: '-' },
  ],
  [
    'identities',
    { admin: 'rw', editor: 'r', commander: '-', responder: '-', viewer: '-', guest: '-' },
  ],
  [
    'connections',
    { admin: 'rw', editor: 'r', commander: '-', responder: '-', viewer: '-', guest: '-' },
  ],
  [
    'kratos',
    { admin: 'rw', editor: 'rw', commander: 'r', responder: 'r', viewer: 'r', guest: '-' },
  ],
  [
    'agents',
    { admin: 'rw', editor: 'rw', commander: 'r', responder: 'r', viewer: 'r', guest: '-' },
  ],
  [
    'feature_flags',
    { admin: 'rw', editor: 'rw', commander: 'r', responder: 'r', viewer: 'r', guest: '-' },
  ],
  [
    'logging_backends',
    { admin: 'rw', editor: 'rw', commander: 'r', responder: 'r', viewer: 'r', guest: '-' },
  ],
  [
    'integrations',
    { admin: 'rw', editor: 'rw', commander: 'r', responder: 'r', viewer: 'r', guest: '-' },
  ],
  [
    'notifications',
    { admin: 'rw', editor: 'rw', commander: 'r', responder: 'r', viewer: 'r', guest: '-' },
  ],
  [
    'playbooks',
    { admin: 'rw', editor: 'rw', commander: 'r', responder: 'r', viewer: 'r', guest: '-' },
  ],
  [
    'playbook_runs',
    { admin: 'rw', editor: 'rw', commander: 'r', responder: 'r', viewer: 'r', guest: '-' },
  ],
  [
    'permissions',
    { admin: 'rw', editor: 'rw', commander: 'r', responder: 'r', viewer: 'r', guest: '-' },
  ],
  // The audit trail (issue 32): admins read it; the server alone writes it.
  ['audit', { admin: 'r', editor: '-', commander: '-', responder: '-', viewer: '-', guest: '-' }],
];

const grants = (cell: 'rw' | 'r' | '-', action: Action) =>
  cell === 'rw' || (cell === 'r' && action === 'read');

describe('role matrix', () => {
  it('covers the 21 resources of the spec and the audit trail', () => {
    expect(SPEC.map(([resource]) => resource).sort()).toEqual([...RESOURCES].sort());
    expect(RESOURCES).toHaveLength(22);
  });

  const cases = SPEC.flatMap(([resource, row]) =>
    ROLES.flatMap((role) =>
      ACTIONS.map((action) => ({ role, resource, action, expected: grants(row[role], action) })),
    ),
  );

  it.each(cases)('$role $action $resource → $expected', ({ role, resource, action, expected }) => {
    expect(createAuthorizer({ roles: [role] }).can(resource, action)).toBe(expected);
  });
});

describe('createAuthorizer', () => {
  it('gives the union of several roles', () => {
    const viewerAndResponder = createAuthorizer({ roles: ['viewer', 'responder'] });
    expect(viewerAndResponder.can('incident', 'write')).toBe(true);
    expect(viewerAndResponder.can('canaries', 'write')).toBe(false);
    const responderAndEditor = createAuthorizer({ roles: ['responder', 'editor'] });
    expect(responderAndEditor.can('canaries', 'write')).toBe(true);
    expect(responderAndEditor.can('connections', 'write')).toBe(false);
  });

  it('grants nothing for unknown roles or no roles', () => {
    for (const roles of [[], ['superuser'], ['Admin']]) {
      const authorizer = createAuthorizer({ roles });
      expect(RESOURCES.some((r) => authorizer.can(r, 'read') || authorizer.can(r, 'write'))).toBe(
        false,
      );
    }
  });

  it('derives isAdmin and isViewer', () => {
    expect(createAuthorizer({ roles: ['admin'] }).isAdmin).toBe(true);
    expect(createAuthorizer({ roles: ['editor'] }).isAdmin).toBe(false);
    expect(createAuthorizer({ roles: ['viewer'] }).isViewer).toBe(true);
    expect(createAuthorizer({ roles: ['user'] }).isViewer).toBe(true);
    expect(createAuthorizer({ roles: ['responder'] }).isViewer).toBe(false);
  });

  it('adds grants from whoami permissions', () => {
    const authorizer = createAuthorizer({
      roles: ['viewer'],
      permissions: [
        { object: 'canaries', action: 'update' },
        { object: 'connections', action: 'read' },
        { object: 'playbooks', action: 'create,read,update,delete' },
      ],
    });
    expect(authorizer.can('canaries', 'write')).toBe(true);
    expect(authorizer.can('connections', 'read')).toBe(true);
    expect(authorizer.can('connections', 'write')).toBe(false);
    expect(authorizer.can('playbooks', 'write')).toBe(true);
  });

  it('treats *, create, update and delete as write, and * as read too', () => {
    for (const action of ['*', 'create', 'update', 'delete']) {
      expect(
        createAuthorizer({ roles: [], permissions: [{ object: 'agents', action }] }).can(
          'agents',
          'write',
        ),
      ).toBe(true);
    }
    expect(
      createAuthorizer({ roles: [], permissions: [{ object: 'agents', action: '*' }] }).can(
        'agents',
        'read',
      ),
    ).toBe(true);
    expect(
      createAuthorizer({ roles: [], permissions: [{ object: 'agents', action: 'update' }] }).can(
        'agents',
        'read',
      ),
    ).toBe(false);
  });

  it('ignores permissions on objects it does not know', () => {
    const authorizer = createAuthorizer({
      roles: [],
      permissions: [{ object: 'kubernetes-proxy', action: '*' }],
    });
    expect(RESOURCES.some((r) => authorizer.can(r, 'read'))).toBe(false);
  });

  it('lets a deny beat every allow, from roles and from permissions', () => {
    const authorizer = createAuthorizer({
      roles: ['editor'],
      permissions: [
        { object: 'connections', action: 'read', deny: true },
        { object: 'playbooks', action: '*', deny: true },
        { object: 'incident', action: 'update' },
        { object: 'incident', action: 'update', deny: true },
      ],
    });
    expect(authorizer.can('connections', 'read')).toBe(false);
    expect(authorizer.can('canaries', 'write')).toBe(true);
    expect(authorizer.can('playbooks', 'read')).toBe(false);
    expect(authorizer.can('playbooks', 'write')).toBe(false);
    expect(authorizer.can('incident', 'write')).toBe(false);
  });

  it('never lets a row deny an admin, alone or with other roles', () => {
    const lockout = [
      { object: '*', action: '*', deny: true },
      { object: 'permissions', action: 'write', deny: true },
      { object: 'rbac', action: 'read', deny: true },
    ];
    for (const roles of [['admin'], ['viewer', 'admin']]) {
      const authorizer = createAuthorizer({ roles, permissions: lockout });
      expect(
        RESOURCES.every(
          (r) => authorizer.can(r, 'read') && (r === 'audit' || authorizer.can(r, 'write')),
        ),
        roles.join(),
      ).toBe(true);
    }
    // The same rows still deny anyone else.
    const editor = createAuthorizer({ roles: ['editor'], permissions: lockout });
    expect(RESOURCES.some((r) => editor.can(r, 'read') || editor.can(r, 'write'))).toBe(false);
  });

  it('ignores conditional permissions, allow or deny: the server evaluates them', () => {
    const authorizer = createAuthorizer({
      roles: ['viewer'],
      permissions: [
        { object: 'canaries', action: '*', condition: "r.obj.namespace == 'prod'" },
        { object: 'topologies', action: 'read', deny: true, condition: 'true' },
      ],
    });
    expect(authorizer.can('canaries', 'write')).toBe(false);
    expect(authorizer.can('topologies', 'read')).toBe(true);
  });

  it('answers canAny over a list of checks', () => {
    const viewer = createAuthorizer({ roles: ['viewer'] });
    expect(
      viewer.canAny([
        ['canaries', 'write'],
        ['incident', 'read'],
      ]),
    ).toBe(true);
    expect(
      viewer.canAny([
        ['canaries', 'write'],
        ['connections', 'read'],
      ]),
    ).toBe(false);
    expect(viewer.canAny([])).toBe(false);
  });

  it('reads the permission editor’s Mission Control object names as the resources holding those tables', () => {
    const viewer = createAuthorizer({
      roles: ['viewer'],
      permissions: [
        { object: 'connection', action: 'read' },
        { object: 'topology', action: 'read', deny: true },
      ],
    });
    expect(viewer.can('connections', 'read')).toBe(true);
    expect(viewer.can('topologies', 'read')).toBe(false);
    expect(viewer.can('canaries', 'read')).toBe(true);
    // An object this package has no resource for changes nothing here.
    const other = createAuthorizer({
      roles: ['viewer'],
      permissions: [{ object: 'catalog', action: 'read', deny: true }],
    });
    expect(other.can('database', 'read')).toBe(true);
  });
});
