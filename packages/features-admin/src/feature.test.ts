import { decideRouteAccess } from '@opsdeck/extensions';
import { createAuthorizer, createFeatureFlags, ROLES } from '@opsdeck/rbac';
import { describe, expect, it } from 'vitest';
import { adminFeatures } from './feature.ts';

/** Who may open each administrator's page, by the role matrix (console §6), as the app's gate decides. */
function openers(path: string): string[] {
  const feature = adminFeatures.find((one) => one.sidebar?.path === path)!;
  const flags = createFeatureFlags([]);
  return ROLES.filter(
    (role) =>
      decideRouteAccess(
        feature,
        { route: feature.routes![0]! },
        flags,
        createAuthorizer({ roles: [role] }),
      ) === 'allowed',
  );
}

describe('who may open the administrator’s pages', () => {
  it('opens the users page to admins and editors (read on identities), no one else', () => {
    expect(openers('/settings/users')).toEqual(['admin', 'editor']);
  });

  it('opens the audit trail to admins alone', () => {
    expect(openers('/settings/audit')).toEqual(['admin']);
  });

  it('opens the event queue to every role that reads the database (the server’s rule for it) but viewers, whom Settings is closed to', () => {
    expect(openers('/settings/event-queue-status')).toEqual([
      'admin',
      'editor',
      'commander',
      'responder',
    ]);
  });
});
