import * as yup from 'yup';

// Validation rules shared by every form (settings spec §5), as yup schemas feature forms compose.
// Here rather than in ui so a form description's rules (rules.ts) run in the server too.

/** A bytes quantity as BytesField stores it ('512Mi'). */
export const BYTES_QUANTITY_PATTERN = /^\d+(\.\d+)?(Mi|Gi|Ti)$/;

/** A millicores quantity as MillicoresField stores it ('500m'). */
export const MILLICORES_PATTERN = /^\d+m$/;

export const REQUIRED_MESSAGE = 'This field is required';
export const NUMBER_MESSAGE = 'This field must be a number';
export const INTEGER_MESSAGE = 'This field must be a whole number';
export const DNS1123_MESSAGE =
  'Must be lowercase letters, digits and hyphens in dot-separated labels, each starting and ending with a letter or digit';

/** Marks any schema required with the spec's message. */
export function required<S extends yup.Schema>(schema: S): S {
  return schema.required(REQUIRED_MESSAGE) as S;
}

export interface NumberRuleOptions {
  required?: boolean;
  min?: number;
  max?: number;
}

/**
 * An integer field. Non-numeric input (kept as the typed text by NumberField) fails with
 * 'This field must be a number'; an empty field is undefined and fails only when required.
 */
export function integer({ required: isRequired = false, min, max }: NumberRuleOptions = {}) {
  let schema = yup.number().typeError(NUMBER_MESSAGE).integer(INTEGER_MESSAGE);
  if (min !== undefined) schema = schema.min(min, `Must be at least ${min}`);
  if (max !== undefined) schema = schema.max(max, `Must be at most ${max}`);
  return isRequired ? schema.required(REQUIRED_MESSAGE) : schema.optional();
}

/** RFC 1123 subdomain: lowercase alphanumerics and '-', dot-separated labels, alphanumeric at both ends. */
export const DNS1123_PATTERN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

export function isDns1123(value: string): boolean {
  return value.length <= 253 && DNS1123_PATTERN.test(value);
}

export function dns1123({ required: isRequired = false }: { required?: boolean } = {}) {
  const schema = yup
    .string()
    .test('dns1123', DNS1123_MESSAGE, (value) => !value || isDns1123(value));
  return isRequired ? schema.required(REQUIRED_MESSAGE) : schema.optional();
}

export interface TextRuleOptions {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  /** From a parameter definition; a string is compiled as a whole-value pattern source. */
  regex?: RegExp | string;
}

/** A text parameter honouring min length, max length and regex from its definition (settings spec §5). */
export function text({
  required: isRequired = false,
  minLength,
  maxLength,
  regex,
}: TextRuleOptions = {}) {
  let schema = yup.string();
  if (minLength !== undefined)
    schema = schema.min(minLength, `Must be at least ${minLength} characters`);
  if (maxLength !== undefined)
    schema = schema.max(maxLength, `Must be at most ${maxLength} characters`);
  if (regex !== undefined) {
    const pattern = typeof regex === 'string' ? new RegExp(regex) : regex;
    schema = schema.matches(pattern, {
      message: `Must match ${pattern.source}`,
      excludeEmptyString: true,
    });
  }
  return isRequired ? schema.required(REQUIRED_MESSAGE) : schema.optional();
}

/** A bytes quantity as BytesField stores it ('512Mi'). */
export function bytes({ required: isRequired = false }: { required?: boolean } = {}) {
  const schema = yup
    .string()
    .test('bytes', NUMBER_MESSAGE, (value) => !value || BYTES_QUANTITY_PATTERN.test(value));
  return isRequired ? schema.required(REQUIRED_MESSAGE) : schema.optional();
}

/** A millicores quantity as MillicoresField stores it ('500m'). */
export function millicores({ required: isRequired = false }: { required?: boolean } = {}) {
  const schema = yup
    .string()
    .test('millicores', NUMBER_MESSAGE, (value) => !value || MILLICORES_PATTERN.test(value));
  return isRequired ? schema.required(REQUIRED_MESSAGE) : schema.optional();
}
