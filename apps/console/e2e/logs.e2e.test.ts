// The logs page in Chromium against the built server (issue 34): an admin picks the Opsdeck
// server, finds a line the server logged by its text, and the page is axe-clean in light and dark
// at 1440 and 390 px; a viewer, without logs:read, gets the access-denied page.
import { logsTestIds } from '@opsdeck/features-logs/testing';
import { describe, expect, it } from 'vitest';
import { testIds } from '../src/testIds.ts';
import { axeViolations, journeySuite, sidewaysOverflow } from './pageChecks.ts';

const { shotsDir, signedIn } = journeySuite('logs');

describe('/logs in Chromium', () => {
  it.each([1440, 390])(
    'at %i px, an admin picks the Opsdeck server and finds a server log line by text',
    async (width) => {
      const page = await signedIn('admin@local', '/logs', width);
      await page.getByRole('combobox', { name: 'Component' }).click();
      await page.getByRole('option', { name: /^Opsdeck server/ }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('component')).toBeTruthy();
      // Signing in and opening this page are requests the server logged a moment ago.
      await page.getByRole('searchbox', { name: 'Text' }).fill('request');
      await page.keyboard.press('Enter');
      await expect.poll(() => new URL(page.url()).searchParams.get('text')).toBe('request');
      const line = page.getByTestId(logsTestIds.line).first();
      await line.waitFor({ timeout: 30_000 });
      expect(await line.textContent()).toContain('request');
      expect(await page.getByTestId(logsTestIds.summary).textContent()).toMatch(/line/);

      const problems: string[] = [];
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({ path: `${shotsDir}logs-${width}-${scheme}.jpg`, quality: 80 });
        problems.push(...(await axeViolations(page)).map((v) => `${scheme}: ${v}`));
        problems.push(...(await sidewaysOverflow(page)).map((v) => `${scheme}: ${v}`));
      }
      expect(problems).toEqual([]);

      // Back undoes the text, then the component.
      await page.goBack();
      await expect.poll(() => new URL(page.url()).searchParams.get('text')).toBeNull();
      await page.context().close();
    },
  );

  it('refuses the page to a viewer, who has no logs:read', async () => {
    const page = await signedIn('viewer@local', '/logs');
    await page.getByTestId(testIds.pages.unauthorized).waitFor();
    expect(await page.getByTestId(logsTestIds.root).count()).toBe(0);
    await page.context().close();
  });
});
