export * from './validation';
export * from './values';
export * from './valueSource';
export * from './iconRegistry';
export * from './useFormField';
// The styled controls stay internal: the package exports fields, not bare inputs.
/** The parts a feature writes a field of its own with (README: useFormField and FormField). @public */
export { FormField, FieldError, FieldHint, type FormFieldProps } from './FormField';
export * from './TextField';
export * from './NumberField';
export * from './SelectField';
export * from './BooleanFields';
export * from './KeyValueField';
export * from './ListField';
export * from './ScheduleField';
export * from './IconPickerField';
export * from './QuantityFields';
export * from './ValueSourceField';
export * from './CodeField';
export * from './LazyCodeEditor';
export * from './schema/index';
export * from './catalog/index';
