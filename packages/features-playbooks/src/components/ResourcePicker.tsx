import {
  resourceSearchQuery,
  type PlaybookResourceKind,
  type ResourceSearchItem,
} from '@opsdeck/api-client/playbooks';
import { useApiClient } from '@opsdeck/api-client/react';
import { EntityPicker, entityOption } from '@opsdeck/ui/entity-picker';

/** Settings §9: resource search is debounced 300 ms. */
export const RESOURCE_SEARCH_DEBOUNCE_MS = 300;

const searchPlaceholders: Record<PlaybookResourceKind, string> = {
  config: 'Search catalog items',
  component: 'Search components',
  check: 'Search checks',
};

export interface PickedResource {
  id: string;
  name: string;
}

export interface ResourcePickerProps {
  kind: PlaybookResourceKind;
  label: string;
  value: PickedResource | undefined;
  onChange: (resource: PickedResource | undefined) => void;
  onBlur?: () => void;
  /** The parameter's or spec's selector (types, search…) the typed text is added to. */
  selector?: Record<string, unknown>;
  invalid?: boolean;
  describedBy?: string;
  required?: boolean;
  /** Inside a form field its `<label>` names the box; on its own the picker draws the label. */
  inputId?: string;
}

const clusterOf = (item: ResourceSearchItem) =>
  typeof item.tags?.cluster === 'string' ? item.tags.cluster : null;

/** A config, component or check found by `/resources/search`, told apart by type and place. */
export function ResourcePicker({
  kind,
  label,
  value,
  onChange,
  onBlur,
  selector,
  invalid,
  describedBy,
  required,
  inputId,
}: ResourcePickerProps) {
  const client = useApiClient();
  return (
    <EntityPicker
      label={label}
      hideLabel={!inputId}
      {...(inputId ? { inputId } : {})}
      placeholder={searchPlaceholders[kind]}
      debounceMs={RESOURCE_SEARCH_DEBOUNCE_MS}
      query={(search) =>
        resourceSearchQuery(client, { kind, search, ...(selector ? { selector } : {}) })
      }
      toOption={(item) =>
        entityOption({
          id: item.id,
          name: item.name,
          type: item.type,
          namespace: item.namespace,
          cluster: clusterOf(item),
        })
      }
      value={value ? { id: value.id, label: value.name } : null}
      onChange={(option) => onChange(option ? { id: option.id, name: option.label } : undefined)}
      {...(onBlur ? { onBlur } : {})}
      {...(describedBy ? { 'aria-describedby': describedBy } : {})}
      {...(invalid ? { 'aria-invalid': true } : {})}
      {...(required ? { 'aria-required': true } : {})}
    />
  );
}
