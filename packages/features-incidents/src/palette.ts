import { db, likeContaining } from '@opsdeck/api-client/db';
import { linkTo } from '@opsdeck/extensions';
import type { PaletteSearchProvider } from '@opsdeck/extensions/shell';
import { incidentRoutes } from './routes.ts';

/** How many incidents the palette lists. */
const TOP = 5;

interface IncidentRow {
  id: string;
  incident_id: string | null;
  title: string | null;
  severity: string | null;
  status: string | null;
}

/**
 * The palette's incidents whose title holds the typed text (`/api/db/incidents`, `ilike`), newest
 * first, described by their number, severity and status; a result opens the incident.
 */
export const searchIncidents: PaletteSearchProvider['search'] = async (
  text,
  { apiClient, signal },
) => {
  const words = text.trim();
  if (!words) return [];
  const rows = await db(apiClient)
    .from<IncidentRow>('incidents')
    .select('id,incident_id,title,severity,status')
    .ilike('title', likeContaining(words))
    .order('created_at', { direction: 'desc' })
    .limit(TOP)
    .execute(signal);
  return rows.map((row) => ({
    id: row.id,
    title: row.title ?? row.incident_id ?? row.id,
    description: [row.incident_id, row.severity, row.status].filter(Boolean).join(' · '),
    to: linkTo(incidentRoutes.incident, { id: row.id }),
  }));
};
