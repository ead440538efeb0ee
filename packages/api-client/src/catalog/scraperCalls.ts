import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../client.ts';
import { db } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import type { CountedRows } from '../db/builder.ts';
import type { CallOptions } from '../http.ts';
import { isUuid } from '../ids.ts';
import { catalogKeys } from './keys.ts';
import {
  configScraperSchema,
  scraperJobSchema,
  type ConfigScraper,
  type ScraperJob,
} from './schemas.ts';

const scraperSelect = '*,created_by(id,name,avatar,email)';

const isMissingView = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * The scrapers with their last job (reference §3 "Scrapers list": the newest 100). A backend
 * without the `_with_status` view (404, an unmapped table) gets the plain table, without jobs.
 */
export async function getConfigScrapers(
  client: ApiClient,
  options: CallOptions = {},
): Promise<ConfigScraper[]> {
  const list = (table: string, select: string) =>
    db(client)
      .from(table)
      .select(select)
      .order('created_at', { direction: 'desc' })
      .is('deleted_at', null)
      .limit(100)
      .rows(configScraperSchema)
      .execute(options.signal);
  try {
    return await list('config_scrapers_with_status', scraperSelect);
  } catch (error) {
    if (!isMissingView(error)) throw error;
    return list('config_scrapers', '*');
  }
}

export const configScrapersQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: catalogKeys.scrapers(),
    queryFn: ({ signal }) => getConfigScrapers(client, { signal }),
    staleTime: 30_000,
  });

export async function getConfigScraper(
  client: ApiClient,
  id: string,
  options: CallOptions = {},
): Promise<ConfigScraper | null> {
  if (!isUuid(id)) return null;
  const one = (table: string, select: string) =>
    db(client)
      .from(table)
      .select(select)
      .eq('id', id)
      .rows(configScraperSchema)
      .maybeSingle()
      .execute(options.signal);
  try {
    return await one('config_scrapers_with_status', scraperSelect);
  } catch (error) {
    if (!isMissingView(error)) throw error;
    return one('config_scrapers', '*');
  }
}

export const configScraperQuery = (client: ApiClient, id: string) =>
  queryOptions({
    queryKey: catalogKeys.scraper(id),
    queryFn: ({ signal }) => getConfigScraper(client, id, { signal }),
    staleTime: 30_000,
  });

export interface ScraperJobsQuery {
  scraperId: string;
  pageIndex: number;
  pageSize: number;
}

/** A scraper's runs, newest first (`job_histories` by resource_id). */
export function getScraperJobs(
  client: ApiClient,
  query: ScraperJobsQuery,
  options: CallOptions = {},
): Promise<CountedRows<ScraperJob>> {
  return db(client)
    .from('job_histories')
    .select('*')
    .eq('resource_id', query.scraperId)
    .order('created_at', { direction: 'desc' })
    .range(query.pageIndex * query.pageSize, (query.pageIndex + 1) * query.pageSize - 1)
    .rows(scraperJobSchema)
    .count()
    .execute(options.signal);
}

export const scraperJobsQuery = (client: ApiClient, query: ScraperJobsQuery) =>
  queryOptions({
    queryKey: catalogKeys.scraperJobs(query.scraperId, {
      pageIndex: query.pageIndex,
      pageSize: query.pageSize,
    }),
    queryFn: ({ signal }) => getScraperJobs(client, query, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
