import { useField, useFormikContext } from 'formik';
import { useId } from 'react';

export interface FormFieldOptions {
  required?: boolean;
  hint?: string;
  /** Field-level check formik runs with the schema (for rules only the field knows, e.g. its rows). */
  validate?: (value: unknown) => string | undefined;
}

/**
 * Binds an input to formik with the ids that tie label, hint and error together. The value is
 * validated on change and on blur (formik's defaults); a field counts as touched as soon as it is
 * changed, so its error shows while typing and not only after leaving it.
 */
export function useFormField<Value>(
  name: string,
  { required = false, hint, validate }: FormFieldOptions = {},
) {
  const [field, meta, helpers] = useField<Value>({ name, validate });
  const { submitCount } = useFormikContext();
  const id = useId();
  const inputId = `${id}-input`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const error =
    (meta.touched || submitCount > 0) && typeof meta.error === 'string' && meta.error
      ? meta.error
      : undefined;
  const describedBy =
    [hint ? hintId : undefined, error ? errorId : undefined].filter(Boolean).join(' ') || undefined;

  function change(value: Value) {
    void helpers.setValue(value, true);
    if (!meta.touched) void helpers.setTouched(true, false);
  }

  function blur() {
    void helpers.setTouched(true, true);
  }

  return {
    value: field.value,
    name,
    error,
    inputId,
    hintId,
    errorId,
    change,
    blur,
    /** Spread on FormField. */
    frame: { inputId, hintId, errorId, error, required, hint },
    /** Spread on the input (or the control standing for it). */
    aria: {
      id: inputId,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy,
      'aria-required': required || undefined,
    },
  };
}
