import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../client.ts';
import { db, likeContaining } from '../db/index.ts';
import { isApiError } from '../errors.ts';
import type { CallOptions } from '../http.ts';
import { looseObject } from '../looseObject.ts';
import { maybeText, text } from '../schemaParts.ts';
import { viewsKeys } from './keys.ts';

/** A page's URL state saved under a name (issue 38): the page's path and its query string. */
export interface SavedView {
  id: string;
  name: string;
  /** The route path, `/health`. */
  page: string;
  /** The query string without `?`, normalised (see normaliseSearch). */
  search: string;
  createdBy: string | null;
  /** Shared with this team (read-only for its members); null: the creator's alone. */
  teamId: string | null;
}

/** What saving a view sends; the server sets the author. */
export interface SavedViewInput {
  name: string;
  page: string;
  search: string;
  teamId: string | null;
}

/** The server's limits, checked here too so a form can say so before sending (the server decides). */
export const savedViewLimits = { name: 100, searchBytes: 4096 } as const;

const viewRowSchema = looseObject({
  id: text,
  name: text,
  page: text,
  search: maybeText,
  created_by: maybeText,
  team_id: maybeText,
});
const defaultRowSchema = looseObject({ page: text, view_id: maybeText });

const toView = (row: {
  id: string;
  name: string;
  page: string;
  search?: string | null | undefined;
  created_by?: string | null | undefined;
  team_id?: string | null | undefined;
}): SavedView => ({
  id: row.id,
  name: row.name,
  page: row.page,
  search: row.search ?? '',
  createdBy: row.created_by ?? null,
  teamId: row.team_id ?? null,
});

/**
 * A query string as saved: without `?`, empty values and paging dropped, keys in order, so one view
 * of the page is one string however its filters were clicked in.
 */
export function normaliseSearch(search: string): string {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const kept = [...params].filter(([key, value]) => value !== '' && key !== 'page');
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new URLSearchParams(kept).toString();
}

/** My views and my teams' shared views of `page`, by name (the server keeps out everyone else's). */
export async function listSavedViews(
  client: ApiClient,
  page: string,
  options: CallOptions = {},
): Promise<SavedView[]> {
  const rows = await db(client)
    .from('saved_views')
    .select('id,name,page,search,created_by,team_id')
    .eq('page', page)
    .is('deleted_at', null)
    .order('name')
    .rows(viewRowSchema)
    .execute(options.signal);
  return rows.map(toView);
}

/** Views whose name holds `text` on any page, for the command palette (at most `limit`). */
export async function searchSavedViews(
  client: ApiClient,
  text: string,
  options: CallOptions & { limit?: number } = {},
): Promise<SavedView[]> {
  const query = db(client)
    .from('saved_views')
    .select('id,name,page,search,created_by,team_id')
    .is('deleted_at', null)
    .order('name')
    .limit(options.limit ?? 8);
  if (text.trim()) query.ilike('name', likeContaining(text.trim()));
  return (await query.rows(viewRowSchema).execute(options.signal)).map(toView);
}

/** The id of my default view of `page`, or null. */
export async function getDefaultView(
  client: ApiClient,
  page: string,
  options: CallOptions = {},
): Promise<string | null> {
  const row = await db(client)
    .from('saved_view_defaults')
    .select('page,view_id')
    .eq('page', page)
    .rows(defaultRowSchema)
    .maybeSingle()
    .execute(options.signal);
  return row?.view_id ?? null;
}

export async function createSavedView(
  client: ApiClient,
  input: SavedViewInput,
  options: CallOptions = {},
): Promise<SavedView> {
  const row = await db(client)
    .from('saved_views')
    .insert({
      name: input.name.trim(),
      page: input.page,
      search: input.search,
      team_id: input.teamId,
    })
    .rows(viewRowSchema)
    .single()
    .execute(options.signal);
  return toView(row);
}

/** Renames, re-shares or points a view at the current URL (the fields given). */
export async function updateSavedView(
  client: ApiClient,
  id: string,
  patch: Partial<Pick<SavedViewInput, 'name' | 'search' | 'teamId'>>,
  options: CallOptions = {},
): Promise<void> {
  await db(client)
    .from('saved_views')
    .update({
      ...(patch.name === undefined ? {} : { name: patch.name.trim() }),
      ...(patch.search === undefined ? {} : { search: patch.search }),
      ...(patch.teamId === undefined ? {} : { team_id: patch.teamId }),
    })
    .eq('id', id)
    .execute(options.signal);
}

/** Deletes a view (softly, as the console deletes). */
export async function deleteSavedView(
  client: ApiClient,
  id: string,
  options: CallOptions = {},
): Promise<void> {
  await db(client).from('saved_views').softDelete().eq('id', id).execute(options.signal);
}

/** Makes `viewId` my default of `page`; null clears it. One row per person and page (an upsert). */
export async function setDefaultView(
  client: ApiClient,
  page: string,
  viewId: string | null,
  options: CallOptions = {},
): Promise<void> {
  await client.db.send('POST', 'saved_view_defaults', {
    searchParams: { on_conflict: 'person_id,page' },
    json: { page, view_id: viewId },
    prefer: 'resolution=merge-duplicates,return=minimal',
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

export const savedViewsQuery = (client: ApiClient, page: string) =>
  queryOptions({
    queryKey: viewsKeys.page(page),
    queryFn: ({ signal }) => listSavedViews(client, page, { signal }),
  });

export const defaultViewQuery = (client: ApiClient, page: string) =>
  queryOptions({
    queryKey: viewsKeys.defaults(page),
    queryFn: ({ signal }) => getDefaultView(client, page, { signal }),
  });

/** A team a view may be shared with. */
export interface ViewTeam {
  id: string;
  name: string;
}

/**
 * The teams `personId` is a member of, by name: those a view may be shared with. A role that may
 * not read team membership (guest) has none.
 */
export async function listMyTeams(
  client: ApiClient,
  personId: string,
  options: CallOptions = {},
): Promise<ViewTeam[]> {
  const members = await db(client)
    .from('team_members')
    .select('team_id')
    .eq('person_id', personId)
    .rows(looseObject({ team_id: text }))
    .execute(options.signal)
    .catch((error: unknown) => {
      if (isApiError(error) && error.status === 403) return [];
      throw error;
    });
  if (members.length === 0) return [];
  const teams = await db(client)
    .from('teams')
    .select('id,name')
    .in(
      'id',
      members.map((member) => member.team_id),
    )
    .is('deleted_at', null)
    .order('name')
    .rows(looseObject({ id: text, name: maybeText }))
    .execute(options.signal);
  return teams.map((team) => ({ id: team.id, name: team.name || team.id }));
}

export const myTeamsQuery = (client: ApiClient, personId: string) =>
  queryOptions({
    queryKey: viewsKeys.teams(personId),
    queryFn: ({ signal }) => listMyTeams(client, personId, { signal }),
    staleTime: 300_000,
  });
