// Every record the console opens by address (incidents, configs, scrapers, playbooks, runs,
// components, checks) has a uuid primary key. A detail call checks the shape first: a malformed id
// is "not found" without asking, and never reaches a filter as text.
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string | null | undefined): value is string {
  return typeof value === 'string' && uuidPattern.test(value);
}
