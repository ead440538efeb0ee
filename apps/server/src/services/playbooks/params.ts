import { parseDuration } from './cel.ts';
import { isUuid } from './resources.ts';
import type { PlaybookParameter, PlaybookSpec } from './spec.ts';
import { renderTemplate, TemplateBudget, TemplateError } from './template.ts';

/** A parameter as `POST /playbook/{id}/params` serves it: the spec's, its default rendered. */
export type ServedParameter = PlaybookParameter;

/**
 * The spec's parameters with each `default` rendered against the resource (`{{.config.name}}`).
 * A default that does not render is served as written, so the form still opens; with `strict` its
 * TemplateError is thrown instead (a run that starts needs the value, not the template). All the
 * defaults share one render's caps: however many parameters a spec has, one call stays short.
 */
export function renderParameters(
  spec: PlaybookSpec,
  data: unknown,
  options: { strict?: boolean } = {},
): ServedParameter[] {
  const budget = new TemplateBudget();
  return (spec.parameters ?? []).map((parameter) => {
    if (parameter.default === undefined) return parameter;
    try {
      return { ...parameter, default: renderTemplate(parameter.default, data, {}, budget) };
    } catch (error) {
      if (error instanceof TemplateError && !options.strict) return parameter;
      throw error;
    }
  });
}

export class ParameterError extends Error {}

const DNS1123 = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const BYTES = /^\d+(\.\d+)?(Mi|Gi|Ti)$/;
const MILLICORES = /^\d+m$/;
const NUMBER = /^-?\d+(\.\d+)?$/;

function property(parameter: PlaybookParameter, name: string): unknown {
  return parameter.properties?.[name];
}

function optionValues(parameter: PlaybookParameter): string[] | undefined {
  const options = property(parameter, 'options');
  if (!Array.isArray(options)) return undefined;
  return options.map((option) =>
    option && typeof option === 'object' && 'value' in option
      ? String((option as { value: unknown }).value)
      : String(option),
  );
}

function limit(parameter: PlaybookParameter, name: string): number | undefined {
  const value = property(parameter, name);
  if (value === undefined || value === null || value === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

/** Why one value is not acceptable for its parameter (settings §5), or undefined when it is. */
function problemWith(parameter: PlaybookParameter, value: string): string | undefined {
  const type = parameter.type ?? 'text';
  const format = property(parameter, 'format');
  switch (type) {
    case 'checkbox':
      return value === 'true' || value === 'false' ? undefined : 'must be true or false';
    case 'list': {
      const allowed = optionValues(parameter);
      if (!allowed || allowed.length === 0) return undefined;
      const chosen = property(parameter, 'multiSelect') ? value.split(',') : [value];
      const bad = chosen.find((one) => !allowed.includes(one.trim()));
      return bad === undefined ? undefined : `must be one of ${allowed.join(', ')}`;
    }
    case 'check':
    case 'component':
    case 'config':
      return isUuid(value) ? undefined : `must be the id (a uuid) of a ${type}`;
    case 'configs':
      return value.split(',').every((id) => isUuid(id.trim()))
        ? undefined
        : 'must be config ids (uuids) separated by commas';
    case 'bytes':
      return BYTES.test(value) ? undefined : 'must be a number with a unit of Mi, Gi or Ti';
    case 'millicores':
      return MILLICORES.test(value) ? undefined : 'must be a whole number of millicores, e.g. 500m';
    case 'duration': {
      const millis = parseDuration(value);
      if (millis === undefined) return 'must be a duration such as 30s, 15m or 1h';
      const min =
        typeof property(parameter, 'min') === 'string'
          ? parseDuration(String(property(parameter, 'min')))
          : undefined;
      const max =
        typeof property(parameter, 'max') === 'string'
          ? parseDuration(String(property(parameter, 'max')))
          : undefined;
      if (min !== undefined && millis < min)
        return `must be at least ${String(property(parameter, 'min'))}`;
      if (max !== undefined && millis > max)
        return `must be at most ${String(property(parameter, 'max'))}`;
      return undefined;
    }
    case 'code': {
      const language = property(parameter, 'language');
      if (language !== 'json' || !value.trim()) return undefined;
      try {
        JSON.parse(value);
        return undefined;
      } catch {
        return 'must be valid JSON';
      }
    }
    case 'text': {
      const minLength = limit(parameter, 'minLength');
      const maxLength = limit(parameter, 'maxLength');
      if (minLength !== undefined && value.length < minLength)
        return `must be at least ${minLength} characters`;
      if (maxLength !== undefined && value.length > maxLength)
        return `must be at most ${maxLength} characters`;
      const regex = property(parameter, 'regex');
      if (typeof regex === 'string' && regex) {
        let pattern: RegExp | undefined;
        try {
          pattern = new RegExp(regex);
        } catch {
          pattern = undefined;
        }
        if (pattern && !pattern.test(value)) return `must match ${regex}`;
      }
      if (format === 'dns1123' && !(DNS1123.test(value) && value.length <= 253))
        return 'must be lowercase letters, digits and hyphens in dot-separated labels, each starting and ending with a letter or digit';
      if (format === 'bytes' && !BYTES.test(value))
        return 'must be a number with a unit of Mi, Gi or Ti';
      if (format === 'millicores' && !MILLICORES.test(value))
        return 'must be a whole number of millicores, e.g. 500m';
      if (format === 'number') {
        if (!NUMBER.test(value)) return 'must be a number';
        const min = limit(parameter, 'min');
        const max = limit(parameter, 'max');
        if (min !== undefined && Number(value) < min) return `must be at least ${min}`;
        if (max !== undefined && Number(value) > max) return `must be at most ${max}`;
      }
      if (format === 'email' && !/^[^@\s]+@[^@\s]+$/.test(value)) return 'must be an email address';
      if (format === 'url' && !/^[a-z][a-z0-9+.-]*:\/\/\S+$/i.test(value)) return 'must be a URL';
      return undefined;
    }
    default:
      return undefined;
  }
}

/** A submitted value as the stored string (`map[string]string`), or why it cannot be one. */
function asText(parameter: PlaybookParameter | undefined, value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  // The console parses yaml/json code defaults to objects (settings §4); they travel back as JSON.
  if (parameter?.type === 'code' && value !== null && typeof value === 'object')
    return JSON.stringify(value);
  if (
    parameter?.type === 'configs' &&
    Array.isArray(value) &&
    value.every((v) => typeof v === 'string')
  )
    return value.join(',');
  return undefined;
}

/**
 * The run's parameters (reference §2 "Param validation at run time"): every submitted one known
 * and well-formed, missing ones given their rendered default, required ones present. Throws
 * ParameterError with every problem in one message.
 */
export function resolveParameters(
  served: readonly ServedParameter[],
  submitted: Record<string, unknown>,
): Record<string, string> {
  const byName = new Map(served.map((parameter) => [parameter.name, parameter]));
  const unknown = Object.keys(submitted).filter((name) => !byName.has(name));
  if (unknown.length > 0) throw new ParameterError(`unknown parameter(s): ${unknown.join(',')}`);
  const values: Record<string, string> = {};
  const problems: string[] = [];
  for (const [name, raw] of Object.entries(submitted)) {
    if (raw === null || raw === undefined) continue;
    const text = asText(byName.get(name), raw);
    if (text === undefined) problems.push(`${name}: must be a string`);
    else values[name] = text;
  }
  for (const parameter of served)
    if (values[parameter.name] === undefined && parameter.default !== undefined)
      values[parameter.name] = parameter.default;
  const missing = served
    .filter((parameter) => parameter.required && !values[parameter.name])
    .map((parameter) => parameter.name);
  if (missing.length > 0) problems.unshift(`missing required parameter(s): ${missing.join(',')}`);
  for (const parameter of served) {
    const value = values[parameter.name];
    if (value === undefined || value === '') continue;
    const problem = problemWith(parameter, value);
    if (problem) problems.push(`${parameter.name}: ${problem}`);
  }
  if (problems.length > 0) throw new ParameterError(problems.join('; '));
  return values;
}
