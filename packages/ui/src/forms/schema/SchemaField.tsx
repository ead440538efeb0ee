import { useFormikContext } from 'formik';
import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import styled from 'styled-components';
import { CheckboxField, SwitchField } from '../BooleanFields.tsx';
import { CodeField } from '../CodeField.tsx';
import { KeyValueField } from '../KeyValueField.tsx';
import { ListField } from '../ListField.tsx';
import { NumberField } from '../NumberField.tsx';
import { SelectField } from '../SelectField.tsx';
import { TextAreaField, TextField } from '../TextField.tsx';
import { ValueSourceField } from '../ValueSourceField.tsx';
import type { FieldDescription, FieldDescriptionOf, FieldKind } from '@opsdeck/contracts/form';
import { getPath, isShown, itemDefault, joinPath, type FormValues } from '@opsdeck/contracts/form';

// The registry SchemaForm draws each kind from (as auth's FlowNode does for Kratos nodes); a
// feature or an app replaces any entry without forking the dispatcher.

export interface SchemaFieldProps<Kind extends FieldKind = FieldKind> {
  field: FieldDescriptionOf<Kind>;
  /** The formik name: the field's path from the form's root. */
  name: string;
}

export type SchemaFieldComponents = { [Kind in FieldKind]: ComponentType<SchemaFieldProps<Kind>> };

const Fieldset = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;
  margin: 0;
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
`;

const Legend = styled.legend`
  padding: 0 ${({ theme }) => theme.space.xxs};
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
`;

const Help = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.xs};
`;

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;
`;

// Conditions inside a list's item read that item: the scope is the item's path ('' for the form).
const ConditionScopeContext = createContext('');

function isRecord(value: unknown): value is FormValues {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A list: each item is a group of fields (conditions read the item) or one field of the item's kind. */
export function ListKindField({ field, name }: SchemaFieldProps<'list'>) {
  const components = useSchemaFieldComponents();
  const { item } = field;
  return (
    <ListField
      name={name}
      label={field.label}
      itemLabel={item.label}
      hint={field.help}
      minItems={field.minItems}
      maxItems={field.maxItems}
      framed={item.kind === 'group'}
      newItem={() => itemDefault(item)}
      renderItem={({ index, name: itemName, label }) => {
        if (item.kind === 'group')
          return (
            <ConditionScopeContext.Provider value={itemName}>
              <SchemaFields fields={item.fields} prefix={itemName} />
            </ConditionScopeContext.Provider>
          );
        const Component = components[item.kind] as ComponentType<SchemaFieldProps>;
        const itemField = { ...item, name: String(index), label } as SchemaFieldProps['field'];
        return <Component field={itemField} name={itemName} />;
      }}
    />
  );
}

/** A group: its children under a legend; a named group nests their values under its name. */
export function GroupField({ field, name }: SchemaFieldProps<'group'>) {
  return (
    <Fieldset>
      <Legend>{field.label}</Legend>
      {field.help && <Help>{field.help}</Help>}
      <SchemaFields fields={field.fields} prefix={name} />
    </Fieldset>
  );
}

export const defaultSchemaFieldComponents: SchemaFieldComponents = {
  text: ({ field, name }) =>
    field.multiline ? (
      <TextAreaField
        name={name}
        label={field.label}
        required={field.required}
        hint={field.help}
        placeholder={field.placeholder}
      />
    ) : (
      <TextField
        name={name}
        label={field.label}
        required={field.required}
        hint={field.help}
        placeholder={field.placeholder}
        type={field.sensitive ? 'password' : 'text'}
        autoComplete={field.sensitive ? 'off' : undefined}
      />
    ),
  number: ({ field, name }) => (
    <NumberField name={name} label={field.label} required={field.required} hint={field.help} />
  ),
  checkbox: ({ field, name }) => (
    <CheckboxField name={name} label={field.label} hint={field.help} />
  ),
  switch: ({ field, name }) => <SwitchField name={name} label={field.label} hint={field.help} />,
  select: ({ field, name }) => (
    <SelectField
      name={name}
      label={field.label}
      required={field.required}
      hint={field.help}
      options={field.options}
      placeholder={field.placeholder}
    />
  ),
  'secret-or-reference': ({ field, name }) => (
    <ValueSourceField
      name={name}
      label={field.label}
      required={field.required}
      hint={field.help}
      sensitive={field.sensitive}
    />
  ),
  'key-value': ({ field, name }) => (
    <KeyValueField
      name={name}
      label={field.label}
      hint={field.help}
      keyLabel={field.keyLabel}
      valueLabel={field.valueLabel}
    />
  ),
  code: ({ field, name }) => (
    <CodeField
      name={name}
      label={field.label}
      required={field.required}
      hint={field.help}
      language={field.language}
      height={field.height}
    />
  ),
  group: GroupField,
  list: ListKindField,
};

const SchemaFieldComponentsContext = createContext<SchemaFieldComponents>(
  defaultSchemaFieldComponents,
);

/** Replaces some kinds for everything below; the others stay as they were. */
export function SchemaFieldComponentsProvider({
  components,
  children,
}: {
  components: Partial<SchemaFieldComponents>;
  children?: ReactNode;
}) {
  const parent = useContext(SchemaFieldComponentsContext);
  return (
    <SchemaFieldComponentsContext.Provider value={{ ...parent, ...components }}>
      {children}
    </SchemaFieldComponentsContext.Provider>
  );
}

export function useSchemaFieldComponents(): SchemaFieldComponents {
  return useContext(SchemaFieldComponentsContext);
}

/** The one dispatcher: a described field becomes its kind's registry component, while its conditions hold. */
export function SchemaField({ field, prefix = '' }: { field: FieldDescription; prefix?: string }) {
  const components = useSchemaFieldComponents();
  const { values } = useFormikContext<FormValues>();
  const scope = useContext(ConditionScopeContext);
  const scoped = scope ? getPath(values, scope) : values;
  if (!isShown(field, isRecord(scoped) ? scoped : {})) return null;
  const Component = components[field.kind] as ComponentType<SchemaFieldProps>;
  return <Component field={field} name={joinPath(prefix, field.name)} />;
}

export function SchemaFields({
  fields,
  prefix = '',
}: {
  fields: readonly FieldDescription[];
  prefix?: string;
}) {
  return (
    <Stack>
      {fields.map((field, index) => (
        <SchemaField
          key={`${field.kind}:${field.name ?? index}:${index}`}
          field={field}
          prefix={prefix}
        />
      ))}
    </Stack>
  );
}
