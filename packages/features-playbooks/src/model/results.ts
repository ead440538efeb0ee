import {
  execResultSchema,
  httpResultSchema,
  notificationResultSchema,
  sqlResultSchema,
} from '@opsdeck/api-client/playbooks';
import { playbookActionKinds, type PlaybookActionKind } from '@opsdeck/contracts';

// An action's result rendered by kind (reference §2 "Action result shapes"). The kind comes from
// the action's spec key, as the reference UI derives it; without a spec it is guessed from the
// result's keys, so a run whose spec was edited since still shows its output.

export type ActionResultView =
  | { kind: 'exec'; stdout: string; stderr: string; exitCode: number | undefined }
  | { kind: 'http'; code: number | undefined; body: string; headers: [string, string][] }
  | { kind: 'sql'; query: string; columns: string[]; rows: Record<string, unknown>[] }
  | { kind: 'notification'; title: string; message: string }
  | { kind: 'logs'; text: string }
  | { kind: 'raw'; text: string }
  | { kind: 'empty' };

type ResultMap = Record<string, unknown>;

function asMap(value: unknown): ResultMap | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as ResultMap)
    : undefined;
}

function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value, null, 2);
}

/** The kind of the action named `name` in a run's spec (`actions[].{exec|http|…}`), default exec. */
export function actionKindOf(spec: unknown, name: string): PlaybookActionKind | undefined {
  const actions = asMap(spec)?.actions;
  if (!Array.isArray(actions)) return undefined;
  const action = asMap(actions.find((candidate) => asMap(candidate)?.name === name));
  if (!action) return undefined;
  return playbookActionKinds.find((kind) => action[kind] != null) ?? 'exec';
}

function guessKind(result: ResultMap): PlaybookActionKind | undefined {
  if ('stdout' in result || 'exitCode' in result || 'stderr' in result) return 'exec';
  if ('code' in result && 'content' in result) return 'http';
  if ('rows' in result && 'query' in result) return 'sql';
  if ('title' in result && 'message' in result) return 'notification';
  if ('Logs' in result || 'logs' in result) return 'logs';
  return undefined;
}

function columnsOf(result: ResultMap, rows: Record<string, unknown>[]): string[] {
  const declared = Array.isArray(result.columns)
    ? result.columns.map((column) =>
        typeof column === 'string' ? column : String(asMap(column)?.name ?? ''),
      )
    : [];
  if (declared.length > 0 && declared.every(Boolean)) return declared;
  const seen = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) seen.add(key);
  return [...seen];
}

/** What the run page draws for one action's result. */
export function actionResultView(result: unknown, kind?: PlaybookActionKind): ActionResultView {
  const map = asMap(result);
  if (!map || Object.keys(map).length === 0) {
    return result === undefined || result === null || map
      ? { kind: 'empty' }
      : { kind: 'raw', text: asText(result) };
  }
  const resolved = guessKind(map) ?? kind;
  // Each kind is read through its reference shape; a result that does not fit is shown raw.
  switch (resolved) {
    case 'exec': {
      const exec = execResultSchema.safeParse(map);
      if (!exec.success || !('stdout' in map || 'stderr' in map || 'exitCode' in map)) break;
      return {
        kind: 'exec',
        stdout: exec.data.stdout ?? '',
        stderr: exec.data.stderr ?? '',
        exitCode: exec.data.exitCode ?? undefined,
      };
    }
    case 'http': {
      const http = httpResultSchema.safeParse(map);
      if (!http.success) break;
      return {
        kind: 'http',
        code: http.data.code ?? undefined,
        body: asText(http.data.content),
        headers: Object.entries(http.data.headers ?? {}).map(([key, value]) => [
          key,
          Array.isArray(value) ? value.join(', ') : asText(value),
        ]),
      };
    }
    case 'sql':
    case 'prometheus': {
      const sql = sqlResultSchema.safeParse(map);
      if (!sql.success) break;
      return {
        kind: 'sql',
        query: sql.data.query ?? '',
        columns: columnsOf(map, sql.data.rows),
        rows: sql.data.rows,
      };
    }
    case 'notification': {
      const notification = notificationResultSchema.safeParse(map);
      if (!notification.success) break;
      return {
        kind: 'notification',
        title: notification.data.title ?? '',
        message: notification.data.message ?? '',
      };
    }
    case 'logs':
    case 'pod':
      return { kind: 'logs', text: asText(map.Logs ?? map.logs) };
    default:
      break;
  }
  return { kind: 'raw', text: asText(result) };
}

/** A SQL cell as text: objects as JSON, null as empty. */
export function cellText(value: unknown): string {
  return asText(value);
}
