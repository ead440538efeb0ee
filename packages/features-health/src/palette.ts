import type { ApiClient } from '@opsdeck/api-client';
import { runCheckNow } from '@opsdeck/api-client/health';
import { searchResources } from '@opsdeck/api-client/playbooks';
import { linkTo } from '@opsdeck/extensions';
import type { PaletteRunOutcome, PaletteSearchProvider } from '@opsdeck/extensions/shell';
import { healthRoutes } from './routes.ts';
import { checkModalSearch } from './slots.ts';

/** How many checks the palette lists. */
const TOP = 5;

/**
 * The palette's checks by name (`POST /resources/search`, reference §7: a bare word is a name
 * prefix); a result opens the check's modal on the health page.
 */
export const searchChecks: PaletteSearchProvider['search'] = async (
  text,
  { apiClient, signal },
) => {
  const items = await searchResources(apiClient, { kind: 'check', search: text }, { signal });
  return items.slice(0, TOP).map((item) => ({
    id: item.id,
    title: item.name,
    description: [item.type, item.namespace, item.status].filter(Boolean).join(' · '),
    to: linkTo(healthRoutes.page, {}, checkModalSearch(item.id)),
  }));
};

/**
 * The palette's Run Now for the open check: the modal's call (`POST /canary/run/check/{id}`); the
 * sentence says how the run ended, and a failed check is told in the error tone. The modal and the
 * row refresh through the change stream.
 */
export async function runOpenCheck(
  apiClient: ApiClient,
  checkId: string,
): Promise<PaletteRunOutcome> {
  const result = await runCheckNow(apiClient, checkId);
  const name = result.name ? `${result.name} ran` : 'The check ran';
  if (result.pass) return { message: `${name}: passed`, tone: 'success' };
  return { message: `${name}: failed${result.error ? ` (${result.error})` : ''}`, tone: 'error' };
}
