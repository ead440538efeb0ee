import { useApiClient } from '@opsdeck/api-client/react';
import { peopleQuery, teamsQuery } from '@opsdeck/api-client/people';
import type { PlaybookParameter } from '@opsdeck/api-client/playbooks';
import {
  BytesField,
  CheckboxField,
  CodeField,
  FormField,
  MillicoresField,
  NumberField,
  SelectField,
  TextAreaField,
  TextField,
  useFormField,
} from '@opsdeck/ui/forms';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import { ResourcePicker, type PickedResource } from '../components/ResourcePicker.tsx';
import { codeHeight, parameterControl, type ParameterControl } from '../model/parameters.ts';

const Fields = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

function labelOf(parameter: PlaybookParameter): string {
  return parameter.label || parameter.name;
}

/** A `team` or `people` parameter: a choice among the estate's teams or people, stored by id. */
function PickerParameter({
  parameter,
  list,
}: {
  parameter: PlaybookParameter;
  list: 'teams' | 'people';
}) {
  const client = useApiClient();
  const teams = useQuery({ ...teamsQuery(client), enabled: list === 'teams' });
  const people = useQuery({ ...peopleQuery(client), enabled: list === 'people' });
  const options = list === 'teams' ? teams : people;
  return (
    <SelectField
      name={parameter.name}
      label={labelOf(parameter)}
      required={parameter.required === true}
      options={(options.data ?? []).map((option) => ({ value: option.id, label: option.name }))}
      placeholder={
        options.isPending ? 'Loading…' : `Select ${list === 'teams' ? 'a team' : 'a person'}`
      }
      {...(parameter.description ? { hint: parameter.description } : {})}
    />
  );
}

/** A `component`, `config` or `check` parameter: found by search, stored by id. */
function ResourceParameter({
  parameter,
  control,
}: {
  parameter: PlaybookParameter;
  control: Extract<ParameterControl, { kind: 'resource' }>;
}) {
  const required = parameter.required === true;
  const field = useFormField<string | undefined>(parameter.name, {
    required,
    ...(parameter.description ? { hint: parameter.description } : {}),
  });
  // The form stores the id; the name picked is only for showing it again.
  const [picked, setPicked] = useState<PickedResource | undefined>(undefined);
  const value = field.value
    ? picked?.id === field.value
      ? picked
      : { id: field.value, name: field.value }
    : undefined;
  return (
    <FormField label={labelOf(parameter)} {...field.frame}>
      <ResourcePicker
        kind={control.resource}
        label={labelOf(parameter)}
        inputId={field.inputId}
        value={value}
        required={required}
        invalid={Boolean(field.error)}
        {...(field.aria['aria-describedby'] ? { describedBy: field.aria['aria-describedby'] } : {})}
        {...(control.selector ? { selector: control.selector } : {})}
        onBlur={field.blur}
        onChange={(resource) => {
          setPicked(resource);
          field.change(resource?.id);
        }}
      />
    </FormField>
  );
}

/** One parameter drawn by its control (settings §3 parameter types, §5 rules). */
export function ParameterField({ parameter }: { parameter: PlaybookParameter }) {
  const control = parameterControl(parameter);
  const common = {
    name: parameter.name,
    label: labelOf(parameter),
    required: parameter.required === true,
    ...(parameter.description ? { hint: parameter.description } : {}),
  };
  switch (control.kind) {
    case 'checkbox':
      return <CheckboxField {...common} />;
    case 'list':
      return <SelectField {...common} options={control.options} />;
    case 'code':
      return (
        <CodeField {...common} language={control.language} height={codeHeight(control.size)} />
      );
    case 'team':
      return <PickerParameter parameter={parameter} list="teams" />;
    case 'people':
      return <PickerParameter parameter={parameter} list="people" />;
    case 'resource':
      return <ResourceParameter parameter={parameter} control={control} />;
    case 'bytes':
      return <BytesField {...common} />;
    case 'millicores':
      return <MillicoresField {...common} />;
    case 'number':
      return <NumberField {...common} />;
    case 'dns1123':
      return <TextField {...common} />;
    case 'text':
      return control.multiline ? (
        <TextAreaField {...common} />
      ) : (
        <TextField {...common} type={control.inputType} />
      );
  }
}

export function ParameterFields({ parameters }: { parameters: readonly PlaybookParameter[] }) {
  return (
    <Fields>
      {parameters.map((parameter) => (
        <ParameterField key={parameter.name} parameter={parameter} />
      ))}
    </Fields>
  );
}
