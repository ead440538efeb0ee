// Signing in through the console's own form, for the journeys' setup: pageChecks.ts signs in this
// way on a server of its own, and e2e/globalSetup.ts once per demo role on the shared server.
import type { Page } from 'playwright-core';
import { testIds } from '../src/testIds.ts';

/** Signs `page` in as `email` (demo password) through /login and waits for the page it returns to. */
export async function signInThroughForm(page: Page, email: string, then: string): Promise<void> {
  await page.goto(`/login?return_to=${encodeURIComponent(then)}`);
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('opsdeck-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
  await page.getByTestId(testIds.userMenu.trigger).waitFor();
}
