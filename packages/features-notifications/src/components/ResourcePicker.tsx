import { useApiClient } from '@opsdeck/api-client/react';
import { resourceSearchQuery } from '@opsdeck/api-client/playbooks';
import { EntityPicker, entityOption } from '@opsdeck/ui/entity-picker';
import type { SilenceFormResourceKind } from '../model/silenceForm.ts';

const placeholders: Record<SilenceFormResourceKind, string> = {
  config: 'Search catalog items',
  component: 'Search components',
  check: 'Search checks',
};

/** A config, component or check found by `/resources/search` (settings §9: debounced 300 ms). */
export function ResourcePicker({
  kind,
  inputId,
  label,
  value,
  onChange,
  describedBy,
  invalid,
}: {
  kind: SilenceFormResourceKind;
  inputId: string;
  label: string;
  value: { id: string; name: string } | undefined;
  onChange: (resource: { id: string; name: string } | undefined) => void;
  describedBy?: string | undefined;
  invalid?: boolean;
}) {
  const client = useApiClient();
  return (
    <EntityPicker
      label={label}
      hideLabel
      inputId={inputId}
      placeholder={placeholders[kind]}
      query={(search) => resourceSearchQuery(client, { kind, search })}
      toOption={(item) =>
        entityOption({ id: item.id, name: item.name, type: item.type, namespace: item.namespace })
      }
      value={value ? { id: value.id, label: value.name } : null}
      onChange={(option) => onChange(option ? { id: option.id, name: option.label } : undefined)}
      {...(describedBy ? { 'aria-describedby': describedBy } : {})}
      {...(invalid ? { 'aria-invalid': true } : {})}
    />
  );
}
