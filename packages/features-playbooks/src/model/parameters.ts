import type { PlaybookParameter, PlaybookResourceKind } from '@opsdeck/api-client/playbooks';
import { bytes, dns1123, integer, millicores, required, text } from '@opsdeck/ui/forms';
import yaml from 'js-yaml';
import * as yup from 'yup';

// A playbook parameter (settings spec §3) as a form control, its rule (§5), its first value (§4)
// and the string Mission Control stores (reference §2: params are `map[string]string`). Plain
// functions: the run modal draws what `parameterControl` says.

export type CodeSize = 'very-small' | 'small' | 'medium' | 'large' | 'full';
const codeSizes: readonly CodeSize[] = ['very-small', 'small', 'medium', 'large', 'full'];

export type ParameterControl =
  | {
      kind: 'text';
      multiline: boolean;
      /** The input's type for `properties.format` password, email, url. */
      inputType: 'text' | 'password' | 'email' | 'url';
      minLength?: number;
      maxLength?: number;
      regex?: string;
    }
  | { kind: 'dns1123' }
  | { kind: 'number'; min?: number; max?: number }
  | { kind: 'bytes' }
  | { kind: 'millicores' }
  | { kind: 'checkbox' }
  | { kind: 'list'; options: { value: string; label: string }[] }
  | { kind: 'code'; language: 'yaml' | 'json' | 'text'; size: CodeSize }
  | { kind: 'resource'; resource: PlaybookResourceKind; selector?: Record<string, unknown> }
  | { kind: 'team' }
  | { kind: 'people'; role?: string };

function numberProperty(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return undefined;
}

function truthy(value: unknown): boolean {
  return value === true || value === 'true';
}

/** The first selector of `properties.filter` (the UI reads a list of ResourceSelectors). */
function firstSelector(filter: unknown): Record<string, unknown> | undefined {
  const first = Array.isArray(filter) ? filter[0] : filter;
  return first !== null && typeof first === 'object'
    ? (first as Record<string, unknown>)
    : undefined;
}

/** The control a parameter is drawn with: its `type`, then `properties.format` for text. */
export function parameterControl(parameter: PlaybookParameter): ParameterControl {
  const properties = parameter.properties ?? {};
  switch (parameter.type) {
    case 'checkbox':
      return { kind: 'checkbox' };
    case 'list':
      return {
        kind: 'list',
        options: (properties.options ?? []).map((option) => ({
          value: String(option.value ?? option.label ?? ''),
          label: String(option.label ?? option.value ?? ''),
        })),
      };
    case 'code': {
      const language =
        properties.language === 'json' || properties.language === 'text'
          ? properties.language
          : properties.language && properties.language !== 'yaml'
            ? 'text'
            : 'yaml';
      const size = codeSizes.find((candidate) => candidate === properties.size) ?? 'medium';
      return { kind: 'code', language, size };
    }
    case 'team':
      return { kind: 'team' };
    case 'people':
      return {
        kind: 'people',
        ...(typeof properties.role === 'string' ? { role: properties.role } : {}),
      };
    case 'component':
    case 'config':
    case 'configs':
    case 'check': {
      const selector = firstSelector(properties.filter);
      return {
        kind: 'resource',
        resource: parameter.type === 'configs' ? 'config' : parameter.type,
        ...(selector ? { selector } : {}),
      };
    }
    case 'bytes':
      return { kind: 'bytes' };
    case 'millicores':
      return { kind: 'millicores' };
    case 'secret':
      return { kind: 'text', multiline: false, inputType: 'password' };
    default:
      break;
  }
  switch (properties.format) {
    case 'bytes':
      return { kind: 'bytes' };
    case 'millicores':
      return { kind: 'millicores' };
    case 'dns1123':
      return { kind: 'dns1123' };
    case 'number': {
      const min = numberProperty(properties.min);
      const max = numberProperty(properties.max);
      return {
        kind: 'number',
        ...(min !== undefined ? { min } : {}),
        ...(max !== undefined ? { max } : {}),
      };
    }
    default: {
      const minLength = numberProperty(properties.minLength);
      const maxLength = numberProperty(properties.maxLength);
      const format = properties.format;
      const inputType =
        format === 'password' || format === 'email' || format === 'url' ? format : 'text';
      return {
        kind: 'text',
        multiline: truthy(properties.multiline),
        inputType,
        ...(minLength !== undefined ? { minLength } : {}),
        ...(maxLength !== undefined ? { maxLength } : {}),
        ...(properties.regex ? { regex: properties.regex } : {}),
      };
    }
  }
}

/** Settings §2: the modal grows when a code parameter asks for a size other than medium. */
export function modalSizeFor(
  parameters: readonly PlaybookParameter[],
): 'medium' | 'large' | 'full' {
  let size: 'medium' | 'large' | 'full' = 'medium';
  for (const parameter of parameters) {
    const control = parameterControl(parameter);
    if (control.kind !== 'code' || control.size === 'medium') continue;
    if (control.size === 'full') return 'full';
    size = 'large';
  }
  return size;
}

/** The code editor's height for a size class (spec §9: full is min(1000px, 90vh)). */
export function codeHeight(size: CodeSize): string {
  switch (size) {
    case 'very-small':
      return '80px';
    case 'small':
      return '140px';
    case 'medium':
      return '220px';
    case 'large':
      return '400px';
    case 'full':
      return 'min(1000px, 90vh)';
  }
}

/** The form value of one parameter: a boolean for checkboxes, a number for numbers, text otherwise. */
export type ParameterValue = string | number | boolean | undefined;
export type ParameterValues = Record<string, ParameterValue>;

function codeText(value: unknown, language: 'yaml' | 'json' | 'text'): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') {
    if (language === 'text' || value.trim() === '') return value;
    // Settings §4: yaml and json defaults are parsed; shown again as the language's text.
    try {
      const parsed = language === 'json' ? JSON.parse(value) : yaml.load(value);
      if (parsed === null || typeof parsed !== 'object') return value;
      return language === 'json' ? JSON.stringify(parsed, null, 2) : yaml.dump(parsed);
    } catch {
      return value;
    }
  }
  return language === 'json' ? JSON.stringify(value, null, 2) : yaml.dump(value);
}

/** A stored or default value as the control holds it. */
export function valueForControl(control: ParameterControl, value: unknown): ParameterValue {
  if (control.kind === 'checkbox') return truthy(value);
  if (control.kind === 'code') return codeText(value, control.language);
  if (value === undefined || value === null || value === '') return undefined;
  if (control.kind === 'number') {
    const number = numberProperty(value);
    return number ?? String(value);
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * The form's first values: each parameter's default, unless `override` (a run's own parameters,
 * "Run again") gives one (settings §4: defaults pre-filled unless overrideParams is set).
 */
export function initialParameterValues(
  parameters: readonly PlaybookParameter[],
  override?: Readonly<Record<string, unknown>>,
): ParameterValues {
  return Object.fromEntries(
    parameters.map((parameter) => {
      const control = parameterControl(parameter);
      const source =
        override && Object.hasOwn(override, parameter.name)
          ? override[parameter.name]
          : parameter.default;
      return [parameter.name, valueForControl(control, source)];
    }),
  );
}

/** The §5 rule of one parameter (messages from ui's forms rules). */
export function parameterRule(parameter: PlaybookParameter): yup.Schema {
  const control = parameterControl(parameter);
  const isRequired = parameter.required === true;
  switch (control.kind) {
    case 'text':
      return text({
        required: isRequired,
        ...(control.minLength !== undefined ? { minLength: control.minLength } : {}),
        ...(control.maxLength !== undefined ? { maxLength: control.maxLength } : {}),
        ...(control.regex !== undefined ? { regex: safePattern(control.regex) } : {}),
      });
    case 'dns1123':
      return dns1123({ required: isRequired });
    case 'number':
      return integer({
        required: isRequired,
        ...(control.min !== undefined ? { min: control.min } : {}),
        ...(control.max !== undefined ? { max: control.max } : {}),
      });
    case 'bytes':
      return bytes({ required: isRequired });
    case 'millicores':
      return millicores({ required: isRequired });
    case 'checkbox':
      // An unticked box is a value (false), so "required" cannot fail it.
      return yup.boolean();
    default: {
      const schema = yup.string();
      return isRequired ? required(schema) : schema.optional();
    }
  }
}

/** A regex from a playbook that does not compile matches anything rather than blocking the form. */
function safePattern(source: string): RegExp {
  try {
    return new RegExp(source);
  } catch {
    return /[\s\S]*/;
  }
}

export function parameterSchema(parameters: readonly PlaybookParameter[]): yup.AnyObjectSchema {
  return yup.object(
    Object.fromEntries(parameters.map((parameter) => [parameter.name, parameterRule(parameter)])),
  );
}

/**
 * What the run request carries: every value as a string (Mission Control binds `map[string]string`),
 * checkboxes as 'true'/'false' (the reference UI `String()`s them), empty values left out so the
 * server fills the spec's default.
 */
export function submittedParameters(
  parameters: readonly PlaybookParameter[],
  values: ParameterValues,
): Record<string, string> {
  const submitted: Record<string, string> = {};
  for (const parameter of parameters) {
    const value = values[parameter.name];
    if (value === undefined || value === '') continue;
    submitted[parameter.name] = String(value);
  }
  return submitted;
}
