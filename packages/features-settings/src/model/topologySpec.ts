// The topology editor's guided form (settings §2 "Custom Topology", issue 35): the spec's own
// fields, its components with their lookups and selectors, and its properties as lists. A lookup
// or a selector list is free-form (a canary spec, label selectors…), so it is YAML text inside the
// form; every key the form does not show (a component's children, checks, forEach; the spec's id,
// groupBy, configs…) rides along in the values untouched, so a topology opens and saves as it was.
import {
  defaultValues,
  formIssues,
  parseDocument,
  submittedValues,
  type FormDescription,
  type FormValues,
} from '@opsdeck/contracts/form';
import { dump } from 'js-yaml';
import { withoutAddedDefaults } from './healthSpec.ts';

const yamlField = (name: string, label: string, help: string) =>
  ({ kind: 'code', name, label, language: 'yaml', height: '120px', help }) as const;

/** The guided form of a topology's spec. */
export const topologySpecForm: FormDescription = {
  type: 'topology',
  label: 'Topology',
  fields: [
    { kind: 'text', name: 'type', label: 'Type', placeholder: 'KubernetesCluster' },
    { kind: 'text', name: 'icon', label: 'Icon' },
    { kind: 'text', name: 'label', label: 'Label' },
    { kind: 'text', name: 'text', label: 'Text' },
    { kind: 'text', name: 'owner', label: 'Owner' },
    {
      kind: 'list',
      name: 'components',
      label: 'Components',
      item: {
        kind: 'group',
        label: 'Component',
        fields: [
          { kind: 'text', name: 'name', label: 'Name' },
          { kind: 'text', name: 'type', label: 'Type' },
          { kind: 'text', name: 'icon', label: 'Icon' },
          { kind: 'text', name: 'namespace', label: 'Namespace' },
          { kind: 'text', name: 'tooltip', label: 'Tooltip' },
          yamlField('lookup', 'Lookup', 'Checks whose results become the components (YAML).'),
          yamlField('selectors', 'Selectors', 'Components to include, by labels or type (YAML).'),
        ],
      },
    },
    {
      kind: 'list',
      name: 'properties',
      label: 'Properties',
      item: {
        kind: 'group',
        label: 'Property',
        fields: [
          { kind: 'text', name: 'name', label: 'Name', required: true },
          { kind: 'text', name: 'label', label: 'Label' },
          { kind: 'text', name: 'type', label: 'Type' },
          { kind: 'text', name: 'text', label: 'Text' },
          { kind: 'text', name: 'icon', label: 'Icon' },
          { kind: 'text', name: 'tooltip', label: 'Tooltip' },
          yamlField('lookup', 'Lookup', 'A check whose result is the value (YAML).'),
        ],
      },
    },
  ],
};

/** The form's values with the spec the topology was opened with (its keys are written back). */
export interface TopologyFormState {
  form: FormValues;
  original: FormValues;
}

const TEXT_KEYS = {
  spec: ['type', 'icon', 'label', 'text', 'owner'],
  components: ['name', 'type', 'icon', 'namespace', 'tooltip'],
  properties: ['name', 'label', 'type', 'text', 'icon', 'tooltip'],
} as const;
const CODE_KEYS = { components: ['lookup', 'selectors'], properties: ['lookup'] } as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const textOrAbsent = (record: Record<string, unknown>, keys: readonly string[]) =>
  keys.every((key) => record[key] === undefined || typeof record[key] === 'string');

const toYaml = (value: unknown) =>
  value === undefined ? '' : dump(value, { lineWidth: -1, noRefs: true });

/** A list of the spec as form items, or undefined when it is not a list of maps the form shows. */
function itemsOf(
  list: unknown,
  which: 'components' | 'properties',
): Record<string, unknown>[] | undefined {
  if (list === undefined) return [];
  if (!Array.isArray(list) || !list.every(isRecord)) return undefined;
  if (!list.every((item) => textOrAbsent(item, TEXT_KEYS[which]))) return undefined;
  return list.map((item) => {
    const entry: Record<string, unknown> = { ...item };
    for (const key of CODE_KEYS[which]) entry[key] = toYaml(item[key]);
    return entry;
  });
}

/**
 * The form a topology spec opens in, or undefined when the spec is not one the form can show
 * as it is (it is then edited as code).
 */
export function topologyFormOf(spec: unknown): TopologyFormState | undefined {
  if (!isRecord(spec) || !textOrAbsent(spec, TEXT_KEYS.spec)) return undefined;
  const components = itemsOf(spec.components, 'components');
  const properties = itemsOf(spec.properties, 'properties');
  if (!components || !properties) return undefined;
  return {
    form: defaultValues(topologySpecForm, { ...spec, components, properties }),
    original: spec,
  };
}

/** The form's problems by path (`components[0].lookup`): required names, YAML that does not parse. */
export function topologyFormIssues(form: FormValues) {
  return formIssues(topologySpecForm, form);
}

function parsedItems(list: unknown, which: 'components' | 'properties'): unknown {
  if (!Array.isArray(list)) return list;
  return list.map((item) => {
    if (!isRecord(item)) return item;
    const entry: Record<string, unknown> = { ...item };
    for (const key of CODE_KEYS[which]) {
      const text = entry[key];
      if (typeof text !== 'string') continue;
      if (text.trim() === '') {
        delete entry[key];
        continue;
      }
      const parsed = parseDocument(text, 'yaml');
      if (!parsed.ok) throw new Error(`${which}: ${key}: ${parsed.problem.message}`);
      entry[key] = parsed.value;
    }
    return entry;
  });
}

/**
 * The spec the form stands for: the lookups and selectors parsed, and what the form added and the
 * opened spec did not have (an empty text, an empty list) left out.
 */
export function topologySpecOf(state: TopologyFormState): Record<string, unknown> {
  const submitted = submittedValues(topologySpecForm, state.form);
  const spec = {
    ...submitted,
    components: parsedItems(submitted.components, 'components'),
    properties: parsedItems(submitted.properties, 'properties'),
  };
  return withoutAddedDefaults(spec, state.original, {}) as Record<string, unknown>;
}
