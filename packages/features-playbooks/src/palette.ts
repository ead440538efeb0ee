import { db, likeContaining } from '@opsdeck/api-client/db';
import { linkTo } from '@opsdeck/extensions';
import type { PaletteSearchProvider } from '@opsdeck/extensions/shell';
import { playbooksRoutes } from './routes.ts';

/** How many playbooks the palette lists. */
const TOP = 5;

interface PlaybookRow {
  id: string;
  name: string | null;
  title: string | null;
  category: string | null;
}

/**
 * The palette's playbooks whose name or title holds the typed text (`/api/db/playbooks`, `ilike`);
 * a result opens the playbook's runs.
 */
export const searchPlaybooks: PaletteSearchProvider['search'] = async (
  text,
  { apiClient, signal },
) => {
  const words = text.trim();
  if (!words) return [];
  const pattern = likeContaining(words);
  const rows = await db(apiClient)
    .from<PlaybookRow>('playbooks')
    .select('id,name,title,category')
    .is('deleted_at', null)
    .or([
      { kind: 'condition', column: 'name', operator: 'ilike', negated: false, value: pattern },
      { kind: 'condition', column: 'title', operator: 'ilike', negated: false, value: pattern },
    ])
    .order('name')
    .limit(TOP)
    .execute(signal);
  return rows.map((row) => ({
    id: row.id,
    title: row.title || row.name || row.id,
    description: [row.name !== row.title ? row.name : undefined, row.category]
      .filter(Boolean)
      .join(' · '),
    to: linkTo(playbooksRoutes.runs, {}, { 'runs.playbook.filter': row.id }),
  }));
};
