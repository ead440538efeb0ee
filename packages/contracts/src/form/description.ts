// A form described as plain data (settings spec §3, "Field kinds"): serialisable, so a feature
// can keep its connection and check types in a table, a JSON file or a server reply.
import type { CodeLanguage } from './parse.ts';
import type { ValueSource } from './valueSource.ts';

export type FieldKind =
  | 'text'
  | 'number'
  | 'checkbox'
  | 'switch'
  | 'select'
  | 'secret-or-reference'
  | 'key-value'
  | 'code'
  | 'group'
  | 'list';

/**
 * Shows a field only while another value matches. `name` is a path from the form's root; exactly
 * one of `equals`, `oneOf` or `isSet` is read (in that order).
 */
export interface ValueCondition {
  name: string;
  equals?: string | number | boolean;
  oneOf?: readonly (string | number | boolean)[];
  /** true: the value is neither undefined, null, '', false nor an empty object. */
  isSet?: boolean;
}

/** A value condition, or alternatives of which one must hold. */
export type FieldCondition = ValueCondition | { anyOf: readonly ValueCondition[] };

interface FieldBase<Kind extends FieldKind> {
  kind: Kind;
  /** Dotted path of the value, relative to the enclosing named group (or the form, or a list's item). */
  name: string;
  label: string;
  help?: string;
  /**
   * Every condition must hold for the field to show; a hidden field is neither validated nor
   * submitted. Inside a list's item, condition names are paths from that item.
   */
  when?: FieldCondition | readonly FieldCondition[];
  /**
   * A choice that only steers conditions (Connection type: None/AWS/GCP…): never submitted. Give it
   * `infer` so an edited record opens on the choice its values imply.
   */
  transient?: boolean;
}

/** The value a choice starts on when an edited record has none: the first entry whose conditions hold. */
export interface InferredChoice<Value> {
  value: Value;
  when: FieldCondition | readonly FieldCondition[];
}

export interface TextFieldDescription extends FieldBase<'text'> {
  required?: boolean;
  default?: string;
  placeholder?: string;
  /** Typed text is masked (tokens typed in rather than referenced). */
  sensitive?: boolean;
  multiline?: boolean;
  minLength?: number;
  maxLength?: number;
  /** A whole-value regular expression source. */
  pattern?: string;
  /** A named rule with the spec's message. */
  format?: 'dns1123';
}

export interface NumberFieldDescription extends FieldBase<'number'> {
  required?: boolean;
  default?: number;
  min?: number;
  max?: number;
}

export interface BooleanFieldDescription<
  Kind extends 'checkbox' | 'switch',
> extends FieldBase<Kind> {
  default?: boolean;
  infer?: readonly InferredChoice<boolean>[];
}

export interface SelectOptionDescription {
  value: string;
  label: string;
}

export interface SelectFieldDescription extends FieldBase<'select'> {
  required?: boolean;
  default?: string;
  options: readonly SelectOptionDescription[];
  placeholder?: string;
  infer?: readonly InferredChoice<string>[];
}

export interface SecretOrReferenceFieldDescription extends FieldBase<'secret-or-reference'> {
  required?: boolean;
  default?: ValueSource;
  /** Masks a static value as it is typed. */
  sensitive?: boolean;
}

export interface KeyValueFieldDescription extends FieldBase<'key-value'> {
  default?: Readonly<Record<string, string>>;
  keyLabel?: string;
  valueLabel?: string;
}

export interface CodeFieldDescription extends FieldBase<'code'> {
  required?: boolean;
  default?: string;
  /** yaml and json text must parse to be valid; text is any text (certificates, scripts). */
  language?: CodeLanguage;
  /** Any CSS height; code fields inside forms default to a short editor. */
  height?: string;
}

export interface GroupFieldDescription extends Omit<FieldBase<'group'>, 'name'> {
  /** With a name the children's values nest under it; without one the group only frames them. */
  name?: string;
  fields: readonly FieldDescription[];
}

type DistributiveOmit<T, Key extends PropertyKey> = T extends unknown ? Omit<T, Key> : never;

/**
 * One item of a list, described as a field without a name (it is the item's index) or conditions:
 * a `group` makes each item an object of its fields (`http: [{name, url}]`), any other kind makes
 * each item that field's value (`responseCodes: [200, 201]`). Its label names one item.
 */
export type ListItemDescription = DistributiveOmit<FieldDescription, 'name' | 'when' | 'transient'>;

export interface ListFieldDescription extends FieldBase<'list'> {
  item: ListItemDescription;
  minItems?: number;
  maxItems?: number;
  /** The items a new form starts with; without it, `minItems` items with the item's defaults. */
  default?: readonly unknown[];
}

export type FieldDescription =
  | TextFieldDescription
  | NumberFieldDescription
  | BooleanFieldDescription<'checkbox'>
  | BooleanFieldDescription<'switch'>
  | SelectFieldDescription
  | SecretOrReferenceFieldDescription
  | KeyValueFieldDescription
  | CodeFieldDescription
  | GroupFieldDescription
  | ListFieldDescription;

export type FieldDescriptionOf<Kind extends FieldKind> = Extract<FieldDescription, { kind: Kind }>;

/** One type (a connection type, a check type) as a form. */
export interface FormDescription {
  /** The type's value, e.g. 'postgres'. */
  type: string;
  label: string;
  help?: string;
  fields: readonly FieldDescription[];
  /** Not offered in a type picker (settings spec §3: jmeter is hidden). */
  hidden?: boolean;
  /**
   * Builds the record's `url` from its fields on submit (notification connections, settings spec §3);
   * see `buildUrl` for the template's syntax.
   */
  url?: string;
}
