import { db, likeContaining } from '@opsdeck/api-client/db';
import { linkTo } from '@opsdeck/extensions';
import type { PaletteSearchProvider } from '@opsdeck/extensions/shell';
import { adminRoutes } from './routes.ts';

/** How many people the palette lists. */
const TOP = 5;

interface PersonRow {
  id: string;
  name: string | null;
  email: string | null;
}

/**
 * The palette's people who can sign in (an email, not deleted) whose name holds the typed text
 * (`/api/db/people`, `ilike`); a result opens the users page.
 */
export const searchPeople: PaletteSearchProvider['search'] = async (
  text,
  { apiClient, signal },
) => {
  const words = text.trim();
  if (!words) return [];
  const rows = await db(apiClient)
    .from<PersonRow>('people')
    .select('id,name,email')
    .is('deleted_at', null)
    .not('email', 'is', null)
    .ilike('name', likeContaining(words))
    .order('name')
    .limit(TOP)
    .execute(signal);
  return rows.map((row) => ({
    id: row.id,
    title: row.name || row.email || row.id,
    ...(row.email ? { description: row.email } : {}),
    to: linkTo(adminRoutes.users, {}),
  }));
};
