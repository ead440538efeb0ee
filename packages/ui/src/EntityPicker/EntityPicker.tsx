import {
  keepPreviousData,
  useQuery,
  type QueryKey,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { useState } from 'react';
import { Combobox, type ComboboxProps } from '../Combobox/Combobox.tsx';
import type { ComboboxOption } from '../Combobox/comboboxItems.ts';
import { useDebouncedValue } from '../Combobox/useDebouncedValue.ts';

/** An entity as picked: its option (id, label, detail) and the record it was read from. */
export type EntityOption<TEntity> = ComboboxOption & { entity?: TEntity };

type PassedProps = Omit<
  ComboboxProps<ComboboxOption>,
  'options' | 'loading' | 'inputValue' | 'onInputChange' | 'value' | 'onChange' | 'multiple'
>;

export type EntityPickerProps<
  TList extends readonly unknown[],
  TKey extends QueryKey = QueryKey,
  TEntity = TList[number],
> = PassedProps & {
  /** The domain's query options for the entities matching a search (`''` when nothing is typed). */
  query: (search: string) => UseQueryOptions<TList, Error, TList, TKey>;
  /** How an entity reads in the list (see `entityOption`). */
  toOption: (entity: TEntity) => ComboboxOption;
  /** How long typing must settle before a search (default 300 ms, settings §9). */
  debounceMs?: number;
  /** Whether an empty box lists entities (default false: lists too long to show whole). */
  searchEmpty?: boolean;
} & (
    | {
        multiple?: false;
        value: ComboboxOption | null | undefined;
        onChange: (option: EntityOption<TEntity> | null) => void;
      }
    | {
        multiple: true;
        value: readonly ComboboxOption[];
        onChange: (options: EntityOption<TEntity>[]) => void;
      }
  );

/** Default debounce of a picker's search: settings §9's resource search. */
export const entitySearchDebounceMs = 300;

/**
 * A Combobox over a domain's search: the settled text goes to `query(search)`, the answer's
 * entities become options (the previous ones stay while the next search runs).
 */
export function EntityPicker<
  TList extends readonly unknown[],
  TKey extends QueryKey = QueryKey,
  TEntity = TList[number],
>(props: EntityPickerProps<TList, TKey, TEntity>) {
  const {
    query,
    toOption,
    debounceMs = entitySearchDebounceMs,
    searchEmpty = false,
    multiple: _multiple,
    value: _value,
    onChange: _onChange,
    ...rest
  } = props;
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), debounceMs);
  const results = useQuery({
    ...query(search),
    placeholderData: keepPreviousData,
    enabled: searchEmpty || search !== '',
  });
  const options: EntityOption<TEntity>[] =
    !searchEmpty && search === ''
      ? []
      : (results.data ?? []).map((entity) => ({
          ...toOption(entity as TEntity),
          entity: entity as TEntity,
        }));
  // The box keeps its own text (a picked value shows while the list is closed); the search
  // follows it.
  const common = {
    ...rest,
    options,
    loading: results.isFetching && options.length === 0,
    onInputChange: setText,
  };
  return props.multiple ? (
    <Combobox
      {...common}
      multiple
      value={props.value}
      onChange={(picked) => props.onChange(picked as EntityOption<TEntity>[])}
    />
  ) : (
    <Combobox
      {...common}
      value={props.value ?? null}
      onChange={(picked) => props.onChange(picked as EntityOption<TEntity> | null)}
    />
  );
}
