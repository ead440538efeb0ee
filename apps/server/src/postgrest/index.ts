export { createPostgrestApp } from './app';
export type {
  AuthorizationDecision,
  AuthorizeTable,
  PostgrestAppOptions,
  TableWritten,
} from './app';
export { CatalogCache, loadCatalog } from './catalog';
export type {
  Catalog,
  CatalogColumn,
  CatalogFunction,
  CatalogRelation,
  ForeignKey,
  FunctionArgument,
  RelationKind,
} from './catalog';
export { PostgrestError } from './errors';
export type { PostgrestErrorBody } from './errors';
