import { Environment } from '@marcbachmann/cel-js';
import { parseDuration } from '@opsdeck/contracts';
import { inTimeRange, matchQuery } from './celQuery.ts';

// The Playbook contract's reading of a Go duration, so a delay the runner waits is one the spec check accepted.
export { parseDuration };

/**
 * CEL for an action's `if` and `delay` and the spec's `filters`, as the real runner evaluates them.
 * @marcbachmann/cel-js: a maintained, dependency-free implementation of the CEL spec (macros, custom
 * functions, the standard library) — the embedded server needs no protobuf runtime, which the
 * other maintained option (@bufbuild/cel) brings along.
 */

export class ExpressionError extends Error {}

/** What a condition can see of the run so far. */
export interface ConditionState {
  /** Variables: params, config, check, component, run, playbook, env, user. */
  variables: Record<string, unknown>;
  /** Earlier actions of the run, in order: name, status and result. */
  previous: readonly { name: string; status: string; result: unknown; error?: string | null }[];
}

// CEL integers are BigInt; what goes back into JSON and templates must be plain numbers.
function fromCel(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (Array.isArray(value)) return value.map(fromCel);
  if (value instanceof Map) return Object.fromEntries([...value].map(([k, v]) => [k, fromCel(v)]));
  if (value && typeof value === 'object' && value.constructor === Object)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fromCel(v)]));
  return value;
}

function actionView(action: ConditionState['previous'][number] | undefined): unknown {
  if (!action) return {};
  return {
    name: action.name,
    status: action.status,
    result: action.result ?? {},
    error: action.error ?? '',
  };
}

// The run an expression is being evaluated for. Evaluation is synchronous, so one environment (and
// one parse of each expression) serves every run: a new environment per call cost ~0.5 ms, which a
// notification engine deciding 100 rules per event paid 100 times (issue 34's bench).
let current: ConditionState = { variables: {}, previous: [] };
const failed = () => current.previous.some((action) => action.status === 'failed');

/** What `time` is in an expression: the receiver of `time.InTimeRange(…)`. */
class TimeFunctions {}
const TIME = new TimeFunctions();

const environment = new Environment({
  unlistedVariablesAreDyn: true,
  homogeneousAggregateLiterals: false,
})
  .registerType('opsdeck.TimeFunctions', TimeFunctions)
  .registerVariable('time', 'opsdeck.TimeFunctions')
  .registerFunction(
    'opsdeck.TimeFunctions.InTimeRange(dyn, string, string): bool',
    (_: TimeFunctions, t: unknown, start: string, end: string) => inTimeRange(t, start, end),
  )
  .registerFunction('matchQuery(dyn, string): bool', (resource: unknown, query: string) =>
    matchQuery(resource, query),
  )
  .registerFunction('success(): bool', () => !failed())
  .registerFunction('failure(): bool', () => failed())
  .registerFunction('always(): bool', () => true)
  .registerFunction('skip(): bool', () => false)
  .registerFunction('timeout(): bool', () => false)
  .registerFunction('last_result(): dyn', () => (current.previous.at(-1)?.result as object) ?? {})
  .registerFunction('getLastAction(): dyn', () => actionView(current.previous.at(-1)))
  .registerFunction('getAction(string): dyn', (name: string) =>
    actionView(current.previous.find((action) => action.name === name)),
  );

type Program = ReturnType<Environment['parse']>;
/** Parsed expressions by their text, the oldest dropped past this many. */
const PARSED_LIMIT = 2000;
const parsed = new Map<string, Program>();

/**
 * The expression without the leading dots that name from the root scope (`matchQuery(.check, …)`
 * in Mission Control's own examples): CEL allows them, this parser does not, and they mean the
 * same name without the dot.
 */
export function withoutRootDots(expression: string): string {
  return expression.replace(/(^|[\s(,!&|=<>+\-*/%?:[{])\.(?=[A-Za-z_])/g, '$1');
}

function program(expression: string): Program {
  let found = parsed.get(expression);
  if (found) return found;
  found = environment.parse(withoutRootDots(expression));
  if (parsed.size >= PARSED_LIMIT) parsed.delete(parsed.keys().next().value!);
  parsed.set(expression, found);
  return found;
}

/** Evaluates a CEL expression; a syntax error or unknown function is an ExpressionError naming it. */
export function evaluateCel(expression: string, state: ConditionState): unknown {
  const outer = current;
  try {
    const run = program(expression);
    current = state;
    return fromCel(run({ ...state.variables, time: TIME }));
  } catch (error) {
    const message = (error as Error).message.split('\n')[0] ?? String(error);
    const unknown = /no matching overload for '([A-Za-z_][\w.]*)\(/.exec(message);
    throw new ExpressionError(
      unknown
        ? `"${expression}": unknown function ${unknown[1]}() (or wrong arguments to it)`
        : `"${expression}": ${message}`,
    );
  } finally {
    current = outer;
  }
}

/**
 * Whether an action runs: its `if`, or `success()` when it has none (the real runner's default: an
 * action after a failure is skipped unless it asks for `failure()` or `always()`).
 */
export function actionShouldRun(condition: string | undefined, state: ConditionState): boolean {
  const expression = condition?.trim() || 'success()';
  const value = evaluateCel(expression, state);
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 'false') return value === 'true';
  throw new ExpressionError(
    `"${expression}" must evaluate to a boolean, got ${JSON.stringify(value)}`,
  );
}

/**
 * An action's `delay` in milliseconds: a duration written as it is ("30s"), or a CEL expression
 * giving one (`params.delay`); a bare number is seconds.
 */
export function delayMillis(delay: string | undefined, state: ConditionState): number {
  if (!delay?.trim()) return 0;
  const literal = parseDuration(delay);
  if (literal !== undefined) return literal;
  const value = evaluateCel(delay, state);
  if (typeof value === 'number') return value * 1000;
  if (typeof value === 'string') {
    const parsed = /^\d+(\.\d+)?$/.test(value.trim()) ? Number(value) * 1000 : parseDuration(value);
    if (parsed !== undefined) return parsed;
  }
  throw new ExpressionError(
    `delay "${delay}" must give a duration such as 30s, got ${JSON.stringify(value)}`,
  );
}

/**
 * How long before retry number `retries + 1` of a failed action, or undefined when its `retry`
 * allows no more: `duration × multiplier^retries`, moved by up to ±`jitter` percent.
 */
export function retryDelayMillis(
  retry:
    | {
        limit: number;
        duration: string;
        jitter?: number | undefined;
        exponent?: { multiplier: number } | undefined;
      }
    | undefined,
  retries: number,
  random: () => number = Math.random,
): number | undefined {
  if (!retry || retries >= retry.limit) return undefined;
  const base = (parseDuration(retry.duration) ?? 0) * (retry.exponent?.multiplier ?? 1) ** retries;
  const jitter = ((retry.jitter ?? 0) / 100) * base * (random() * 2 - 1);
  return Math.max(0, Math.round(base + jitter));
}
