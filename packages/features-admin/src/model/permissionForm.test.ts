import { describe, expect, it } from 'vitest';
import {
  emptyPermission,
  permissionErrors,
  permissionWriteOf,
  switchResource,
  switchSubject,
  type PermissionFormValues,
} from './permissionForm.ts';

const team = { id: '0191c000-0000-7000-8000-000000000001', name: 'platform' };
const person = { id: '0191c000-0000-7000-8000-000000000002', name: 'Val Viewer' };
const config = { id: '0191c000-0000-7000-8000-000000000003', name: 'payments' };

describe('the permission editor’s switches (settings §4)', () => {
  it('the subject switch keeps the kind picked and clears the other two ids', () => {
    const values: PermissionFormValues = {
      ...emptyPermission,
      team_id: team,
      person_id: person,
      notification_id: { id: 'n', name: 'n' },
    };
    const next = switchSubject(values, 'person');
    expect(next.subjectKind).toBe('person');
    expect(next.person_id).toEqual(person);
    expect(next.team_id).toBeNull();
    expect(next.notification_id).toBeNull();
  });

  it('the resource switch clears every resource id and the object', () => {
    const values: PermissionFormValues = {
      ...emptyPermission,
      resourceKind: 'catalog',
      config_id: config,
      playbook_id: { id: 'p', name: 'p' },
      object: 'catalog',
    };
    const next = switchResource(values, 'playbook');
    expect(next).toMatchObject({
      resourceKind: 'playbook',
      config_id: null,
      component_id: null,
      connection_id: null,
      playbook_id: null,
      object: '',
    });
  });
});

describe('the row the editor writes', () => {
  it('names its subject and its one resource, every other id null', () => {
    const values = { ...emptyPermission, team_id: team, config_id: config, deny: true };
    expect(permissionErrors(values)).toEqual({});
    expect(permissionWriteOf(values)).toEqual({
      subject_type: 'team',
      subject: team.id,
      team_id: team.id,
      person_id: null,
      notification_id: null,
      config_id: config.id,
      component_id: null,
      connection_id: null,
      playbook_id: null,
      object: null,
      action: 'read',
      deny: true,
      until: null,
      description: null,
    });
  });

  it('writes a global object without resource ids, and an until as an instant', () => {
    const values: PermissionFormValues = {
      ...switchResource({ ...emptyPermission, person_id: person, subjectKind: 'person' }, 'global'),
      object: 'playbooks',
      action: 'playbook:run',
      until: '2030-01-02T03:04',
    };
    const row = permissionWriteOf(values);
    expect(row.object).toBe('playbooks');
    expect(row.config_id).toBeNull();
    expect(row.person_id).toBe(person.id);
    expect(row.until).toBe(new Date('2030-01-02T03:04').toISOString());
  });

  it('asks for the subject and the resource before saving', () => {
    expect(permissionErrors(emptyPermission)).toEqual({
      team_id: 'Pick a team',
      config_id: 'Pick a catalog',
    });
    expect(permissionErrors(switchResource(emptyPermission, 'global'))).toMatchObject({
      object: 'Pick an object',
    });
  });
});
