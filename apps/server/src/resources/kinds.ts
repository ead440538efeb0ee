import type { SqlRunner } from '../db/database.ts';

/**
 * One document of a resource file, as Kubernetes writes a custom resource: the loader has checked
 * that `metadata.name` is there and defaulted `metadata.namespace` to `default`.
 */
export interface ResourceDocument {
  apiVersion?: string;
  kind: string;
  metadata: { name: string; namespace: string; [key: string]: unknown };
  spec?: unknown;
  [key: string]: unknown;
}

/** Where a document came from, for messages and logs. */
export interface ResourceOrigin {
  /** The file's path relative to the resources directory. */
  file: string;
  /** The document's place in its file, from 0. */
  index: number;
}

/** What the loader tells a kind about the load it is part of. */
export interface ResourceLoadContext {
  /**
   * The `source` column value of what it writes (reference: settings §"Resource source values").
   * Rows of this source that no longer come from a file are the kind's to remove; others it never
   * touches.
   */
  source: 'ConfigFile';
}

export type ResourceWrite = 'created' | 'updated' | 'unchanged';

/** A document a kind refused, with the path of what is wrong (`spec.actions.0.exec.script: …`). */
export type ResourceValidation = { ok: true } | { ok: false; message: string };

/**
 * A kind of resource a service module loads from `--resources DIR` (the settings editors add
 * Connection, Notification, Permission, Team…): declared in the module's `resources` by kind name,
 * never in a central switch.
 */
export interface ResourceKind {
  /**
   * The API group and version documents of this kind carry (`mission-control.flanksource.com/v1`).
   * A document of the same kind in another group is not this one (skipped); any version of the
   * group, or no apiVersion at all, is accepted.
   */
  apiVersion?: string;
  /**
   * What names a row of this kind (`namespace/name` by default): two documents of one kind and
   * identity are an error. A table without namespaces says `name` alone.
   */
  identity?(document: ResourceDocument): string;
  /**
   * Kinds whose rows this kind's documents name (a Notification's team): their documents are
   * loaded first in one load, whatever the files' order.
   */
  loadsAfter?: readonly string[];
  /** Checks one document before anything is written; every refusal ends the load. */
  validate(document: ResourceDocument): ResourceValidation;
  /**
   * Creates or updates the row of one valid document, keyed by its namespace and name; called
   * inside the load's transaction. A row someone made another way (the UI) is not its to take:
   * throw, naming it.
   */
  load(
    tx: SqlRunner,
    document: ResourceDocument,
    context: ResourceLoadContext,
  ): Promise<ResourceWrite>;
  /**
   * After every document is loaded: removes (softly) what an earlier load of this source made and
   * no file holds any more. Returns the names (`namespace/name`) it removed.
   */
  prune?(
    tx: SqlRunner,
    kept: readonly ResourceDocument[],
    context: ResourceLoadContext,
  ): Promise<string[]>;
}

/** The group of an apiVersion (`mission-control.flanksource.com` of `…/v1`; `''` for the core `v1`). */
export function apiGroup(apiVersion: string): string {
  const slash = apiVersion.lastIndexOf('/');
  return slash < 0 ? '' : apiVersion.slice(0, slash);
}
