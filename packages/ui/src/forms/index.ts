export * from './values.ts';
export * from './iconRegistry.ts';
export * from './useFormField.ts';
/**
 * The parts a feature writes a field of its own with (README: useFormField and FormField), and the
 * bare text controls in the fields' look, for a small form outside formik. @public
 */
export {
  FormField,
  FieldError,
  FieldHint,
  Input,
  TextArea,
  type FormFieldProps,
} from './FormField.tsx';
export * from './TextField.tsx';
export * from './NumberField.tsx';
export * from './SelectField.tsx';
export * from './BooleanFields.tsx';
export * from './KeyValueField.tsx';
export * from './ListField.tsx';
export * from './ScheduleField.tsx';
export * from './IconPickerField.tsx';
export * from './QuantityFields.tsx';
export * from './ValueSourceField.tsx';
export * from './CodeField.tsx';
export * from './LazyCodeEditor.tsx';
export * from './schema/index.ts';
export * from './catalog/index.ts';
