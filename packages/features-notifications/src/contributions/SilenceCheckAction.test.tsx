import { createExtensionView, createFeatureRegistry } from '@opsdeck/extensions';
import { healthSlots } from '@opsdeck/features-health/slots';
import { createAuthorizer, createFeatureFlags } from '@opsdeck/rbac';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { notificationsFeature } from '../feature.ts';
import {
  ids,
  startNotificationsBackend,
  type NotificationsBackend,
} from '../testing/notificationsBackend.test.helper.ts';
import { currentUrl, renderNotifications } from '../testing/renderNotifications.test.helper.tsx';
import { SilenceCheckAction } from './SilenceCheckAction.tsx';

let backend: NotificationsBackend;
beforeAll(async () => {
  backend = await startNotificationsBackend();
});
afterAll(() => backend.close());
afterEach(() => {
  cleanup();
  backend.reset();
});

const checkActionsFor = (roles: string[]) =>
  createExtensionView(createFeatureRegistry([notificationsFeature]), {
    flags: createFeatureFlags([]),
    authorizer: createAuthorizer({ roles }),
  })
    .contributions(healthSlots.checkActions)
    .map((visible) => visible.contribution.id);

describe("the health check modal's Silence", () => {
  it('is offered to those who may add silences only', () => {
    expect(checkActionsFor(['admin'])).toEqual(['notifications.checkSilence']);
    expect(checkActionsFor(['editor'])).toEqual(['notifications.checkSilence']);
    expect(checkActionsFor(['viewer'])).toEqual([]);
  });

  it('opens the add-silence form with the check picked, previewing its sends', async () => {
    const user = userEvent.setup();
    renderNotifications('/health', {
      baseUrl: `${backend.url}/api`,
      health: <SilenceCheckAction check={{ id: ids.check, name: 'homepage', canaryId: null }} />,
    });
    await user.click(screen.getByRole('link', { name: 'Silence notifications of homepage' }));
    await waitFor(() => expect(currentUrl.pathname).toBe('/notifications/silences/add'));
    const form = await screen.findByRole('form', { name: 'Add silence' });
    expect(
      (within(form).getByRole('combobox', { name: 'Resource' }) as HTMLInputElement).value,
    ).toBe('homepage');
    await waitFor(() => {
      const asked = backend.requestsTo('GET /api/notification/silence_preview').at(-1);
      expect([asked?.query.get('id'), asked?.query.get('type')]).toEqual([ids.check, 'check']);
    });
  });
});
