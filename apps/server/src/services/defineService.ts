import type { Hono } from 'hono';
import type { Authorizer, Resource } from '@opsdeck/rbac';
import type { PermissionWrite, PermissionWriteDecision } from '../auth/permissionWrites.ts';
import type { AuthUser } from '../auth/user.ts';
import type { Database } from '../db/database.ts';
import type { AppEnv } from '../http/env.ts';
import type { Logger } from '../http/logging.ts';
import type { JobDefinition } from '../jobs/definition.ts';
import type { SecretDeclaration } from '../postgrest/secretColumns.ts';
import type { ResourceKind } from '../resources/kinds.ts';
import type { ChangeEvent, ChangeFeed } from './changes/feed.ts';
import type { DemoSeed } from './seed.ts';

/**
 * Everything a service module is told about the app it runs in. Built once per app (createApp), so
 * two apps in one process (tests) never share a service's state.
 */
export interface ServiceContext {
  db: Database;
  log: Logger;
  /** The app's options as given to createApp (public URL, summary cache windows…). */
  config: ServiceConfig;
  events: EventBus;
  /**
   * The app's change stream (src/services/changes): every committed write of every instance.
   * createApp gives one; a context a test builds by hand may leave it out.
   */
  changes?: ChangeFeed;
  version: string;
}

export interface ServiceConfig {
  /** Our own origin as people reach it (--public-url); unset: the request's own origin. */
  publicUrl?: string | undefined;
  /** How long a computed health summary is reused (0: never). */
  summaryCacheMillis?: number | undefined;
  /** Serve the summary from opsdeck.summary_rows, refreshed once older than this. */
  summaryStaleMillis?: number | undefined;
  /** Anything else a module reads from the app's options; name it after the module. */
  [key: string]: unknown;
}

/**
 * The events services exchange. A module adding an event declares it by merging into this
 * interface (`declare module '../defineService' { interface ServiceEvents { … } }`).
 */
export interface ServiceEvents {
  /**
   * A write to a traced table committed, by any writer on any instance: one event per statement
   * from the database's change stream (src/services/changes). A write through this app's /api/db
   * is handed out before its reply.
   */
  'table-written': ChangeEvent;
}

export type ServiceEventName = keyof ServiceEvents;

export interface EventBus {
  /** Runs every subscriber (in registration order) and resolves once all have finished. */
  emit<E extends ServiceEventName>(name: E, event: ServiceEvents[E]): Promise<void>;
  on<E extends ServiceEventName>(
    name: E,
    handler: (event: ServiceEvents[E]) => void | Promise<void>,
  ): void;
}

/** Who is writing, for a table's own row check. */
export interface WriteRequest {
  user: AuthUser;
  authorizer: Authorizer;
}

/** One table or view under /api/db and the RBAC object that guards it. */
export interface TableDeclaration {
  object: Resource;
  /**
   * Columns with a stored case-folded companion (`{ name: 'name_folded' }`, the companion being
   * `lower(name)` kept by the database): `ilike` on the column reads the companion, which is
   * itself hidden from the API. For searches over many rows (see postgrest/catalog.ts CaseFolded).
   */
  caseFolded?: Readonly<Record<string, string>>;
  /**
   * Rows only the server writes (its routes, runner, jobs, triggers): through /api/db the table is
   * read-only for every role, admins included, and a write is a 403 saying so.
   */
  serverWritten?: boolean;
  /**
   * Columns holding secrets: `password` (the whole column) or `properties.token` (a key of a jsonb
   * column). /api/db seals them at rest under the server's key, reads them as `********` (a
   * `secret://…` or `valueFrom` reference stays visible), keeps the stored value when the mask is
   * written back, and refuses filters on them. `maskSecrets` (services/maskSecrets.ts) masks a row.
   * `{column, paths, urls}` declares secrets at paths inside a jsonb document (see JsonSecrets):
   * masked on read the same way, filters naming them refused; stored as written.
   */
  secrets?: readonly SecretDeclaration[];
  /**
   * Below admin, each written row must also pass this (run inside the write's transaction, before
   * commit; a refusal rolls the write back). Admins skip it.
   */
  checkWrite?(write: PermissionWrite, request: WriteRequest): Promise<PermissionWriteDecision>;
  /**
   * A rule of the rows themselves that holds for every writer, admins included (a row loaded from a
   * resource file changes only with that file). Run before checkWrite, in the same transaction.
   */
  guardWrite?(write: PermissionWrite, request: WriteRequest): Promise<PermissionWriteDecision>;
  /**
   * Rows each person keeps of their own, `column` naming the person (the reference's
   * getting-started checklist): every signed-in user, guest included, inserts and upserts rows that
   * are theirs (the server sets `column` to the session's person on insert, whatever the body says),
   * and below admin reads only their own; updating or deleting through /api/db stays an admin's.
   */
  personal?: { column: string };
  /**
   * Rows each person keeps and may share with one of their teams (saved views), whatever the role
   * matrix says of the object (guest included): every reader sees their own rows (`owner` is them)
   * and those shared with a team they are a member of (`team`), admins too; below admin a write
   * changes or deletes only one's own rows and shares only with one's own teams. `owner` is set
   * by the server on insert (authorship), whatever the body says.
   */
  shared?: { owner: 'created_by'; team: string };
  /**
   * A jsonb column that takes a written row's keys which name no column (merged into what the row
   * gives for that column), instead of the 400 an unknown column is.
   */
  extraKeysInto?: string;
}

/** One `/api/db/rpc/{name}` function and the RBAC object of what it touches. */
export interface RpcDeclaration {
  object: Resource;
  /**
   * True when the function only reads: a call is then a read whatever its method (PostgREST sends a
   * POST's arguments in the body). False: every call needs write on the object.
   */
  readOnly: boolean;
}

/** A Hono sub-app mounted at `base` (an absolute path such as `/api/canary`). */
export interface ServiceRoute<S> {
  base: string;
  /** Reachable without a session (the console reads feature flags before sign-in). Default false. */
  public?: boolean;
  /**
   * Callable from pages of any origin (public routes only): the route authenticates every call
   * itself, as a webhook does, so the cross-site write refusal has nothing to protect. Default false.
   */
  crossSite?: boolean;
  app(context: ServiceContext, state: S): Hono<AppEnv>;
}

/** Background work a module runs while the server is up (a scheduler, a queue consumer). */
export interface ServiceJob {
  stop(): Promise<void>;
}

export type ServiceHandlers<S> = {
  [E in ServiceEventName]?: (
    event: ServiceEvents[E],
    context: ServiceContext,
    state: S,
  ) => void | Promise<void>;
};

/**
 * A server feature as one module (Backstage's createBackendPlugin is the model). Each part is
 * optional; a module may be tables + migrations + seed only.
 */
export interface ServiceDefinition<S = undefined> {
  /** Unique; also the folder `src/services/{name}/` and the prefix of its migration ids. */
  name: string;
  /** Services whose migrations and seed must run before this one's; they must come earlier in the list. */
  dependsOn?: readonly string[];
  /** Per-app state shared by the module's routes and event handlers (a cache, a client…). */
  setup?(context: ServiceContext): S;
  routes?: readonly ServiceRoute<S>[];
  /** Every table and view of /api/db this module owns, with its RBAC object. */
  tables?: Readonly<Record<string, TableDeclaration>>;
  /** Every rpc function this module owns. */
  rpc?: Readonly<Record<string, RpcDeclaration>>;
  /**
   * The resource kinds (`kind:` of a YAML document) this module loads from `--resources DIR`, by
   * kind name; see src/resources/kinds.ts.
   */
  resources?: Readonly<Record<string, ResourceKind>>;
  /** Numbered .sql files in `src/services/{name}/migrations/`, applied in name order. */
  migrations?: boolean;
  /** This module's part of the demo estate (`--seed demo`). */
  seed?: DemoSeed;
  on?: ServiceHandlers<S>;
  /**
   * The module's scheduled jobs (src/jobs/definition.ts): one scheduler runs every module's once the
   * server listens, each under its lease and recorded in job_history. Only the server starts jobs
   * (startServer), not an app built in a test.
   */
  scheduledJobs?(context: ServiceContext, state: S): readonly JobDefinition[];
  /**
   * Background work that is not a scheduled job (nothing to record per run); started after the
   * scheduled jobs and stopped before them. Prefer `scheduledJobs`.
   */
  jobs?(context: ServiceContext, state: S): ServiceJob;
}

/** A service as the registry sees it (its state type erased). */
export type Service = ServiceDefinition<unknown>;

/** Declares a service module; the identity function that gives the definition its types. */
export function defineService<S = undefined>(definition: ServiceDefinition<S>): Service {
  return definition as Service;
}
