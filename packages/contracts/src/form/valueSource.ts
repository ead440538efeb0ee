import * as yup from 'yup';
import { REQUIRED_MESSAGE } from './validation.ts';

// A value that is either typed in or read from a config map or secret, in the wire shape the
// backend takes (Kubernetes EnvVar-like).

export interface KeyRef {
  name: string;
  key: string;
}

export type ValueSource =
  | { value: string }
  | { valueFrom: { configMapKeyRef: KeyRef } }
  | { valueFrom: { secretKeyRef: KeyRef } };

export type ValueSourceKind = 'static' | 'configMap' | 'secret';

export const valueSourceKinds: readonly { kind: ValueSourceKind; label: string }[] = [
  { kind: 'static', label: 'Static value' },
  { kind: 'configMap', label: 'Config map' },
  { kind: 'secret', label: 'Secret' },
];

export function valueSourceKind(source: ValueSource | undefined | null): ValueSourceKind {
  if (source && 'valueFrom' in source)
    return 'configMapKeyRef' in source.valueFrom ? 'configMap' : 'secret';
  return 'static';
}

export function emptyValueSource(kind: ValueSourceKind): ValueSource {
  switch (kind) {
    case 'static':
      return { value: '' };
    case 'configMap':
      return { valueFrom: { configMapKeyRef: { name: '', key: '' } } };
    case 'secret':
      return { valueFrom: { secretKeyRef: { name: '', key: '' } } };
  }
}

/** The formik paths of the inputs each kind shows, relative to the field. */
export function valueSourcePaths(kind: ValueSourceKind): { label: string; path: string }[] {
  switch (kind) {
    case 'static':
      return [{ label: 'Value', path: 'value' }];
    case 'configMap':
      return [
        { label: 'Config map name', path: 'valueFrom.configMapKeyRef.name' },
        { label: 'Key', path: 'valueFrom.configMapKeyRef.key' },
      ];
    case 'secret':
      return [
        { label: 'Secret name', path: 'valueFrom.secretKeyRef.name' },
        { label: 'Key', path: 'valueFrom.secretKeyRef.key' },
      ];
  }
}

/** The yup rule for a ValueSource: the inputs of the chosen kind are required when the field is. */
export function valueSource({ required: isRequired = false }: { required?: boolean } = {}) {
  const part = () => (isRequired ? yup.string().required(REQUIRED_MESSAGE) : yup.string());
  const keyRef = () => yup.object({ name: part(), key: part() });
  return yup.lazy((source: ValueSource | undefined) => {
    switch (valueSourceKind(source)) {
      case 'configMap':
        return yup.object({ valueFrom: yup.object({ configMapKeyRef: keyRef() }) });
      case 'secret':
        return yup.object({ valueFrom: yup.object({ secretKeyRef: keyRef() }) });
      case 'static':
        return yup.object({ value: part() });
    }
  });
}
