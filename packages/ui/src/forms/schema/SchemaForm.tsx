import { Form, Formik, type FormikErrors, type FormikHelpers } from 'formik';
import { useMemo, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '../../Button/index.ts';
import type { FormDescription } from '@opsdeck/contracts/form';
import { FormCodeTabs } from './FormCodeTabs.tsx';
import { defaultValues, setPath, submittedValues, type FormValues } from '@opsdeck/contracts/form';
import { validationSchemaOf } from '@opsdeck/contracts/form';
import {
  SchemaFieldComponentsProvider,
  SchemaFields,
  type SchemaFieldComponents,
} from './SchemaField.tsx';

/** What saving returned: a message for the form and/or messages per field path. */
export interface SchemaFormSubmitResult {
  error?: string;
  fieldErrors?: Readonly<Record<string, string>>;
}

export interface SchemaFormProps {
  description: FormDescription;
  /** An existing record being edited; defaults fill whatever it lacks. */
  initialValues?: FormValues;
  /** Gets the value without fields hidden by a condition. A thrown error is shown like a returned one. */
  onSubmit(
    values: FormValues,
  ): Promise<SchemaFormSubmitResult | void> | SchemaFormSubmitResult | void;
  /** Replaces some kinds' components for this form. */
  components?: Partial<SchemaFieldComponents>;
  /** Adds a Code tab editing the same value as YAML. */
  codeTab?: boolean;
  submitLabel?: string;
  /** Further actions beside the submit button (Cancel, Test connection). */
  actions?: ReactNode;
  /** Fields the description cannot express (pickers over a domain's search), drawn after its own; the caller keeps their values. */
  extraFields?: ReactNode;
  'aria-label'?: string;
}

const StyledForm = styled(Form)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;
`;

const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
`;

const SubmitError = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Saving failed';
}

/**
 * A form rendered from its description: defaults and yup rules are derived from it, each field
 * comes from the kind registry. A failed save keeps every typed value and says why.
 */
export function SchemaForm({
  description,
  initialValues,
  onSubmit,
  components,
  codeTab = false,
  submitLabel = 'Save',
  actions,
  extraFields,
  'aria-label': ariaLabel,
}: SchemaFormProps) {
  const initial = useMemo(
    () => defaultValues(description, initialValues),
    [description, initialValues],
  );
  const validationSchema = useMemo(() => validationSchemaOf(description), [description]);
  const [submitError, setSubmitError] = useState<string>();

  async function submit(values: FormValues, helpers: FormikHelpers<FormValues>) {
    setSubmitError(undefined);
    let result: SchemaFormSubmitResult | void;
    try {
      result = await onSubmit(submittedValues(description, values));
    } catch (error) {
      result = { error: messageOf(error) };
    }
    // Formik keeps errors nested like the values; the server names fields by path.
    if (result?.fieldErrors)
      helpers.setErrors(
        Object.entries(result.fieldErrors).reduce<FormValues>(
          (errors, [path, message]) => setPath(errors, path, message),
          {},
        ) as FormikErrors<FormValues>,
      );
    if (result?.error) setSubmitError(result.error);
  }

  const fields = <SchemaFields fields={description.fields} />;
  const body = codeTab ? (
    <FormCodeTabs form={fields} codeLabel={`${description.label} as YAML`} />
  ) : (
    fields
  );
  return (
    <SchemaFieldComponentsProvider components={components ?? {}}>
      <Formik initialValues={initial} validationSchema={validationSchema} onSubmit={submit}>
        {({ isSubmitting }) => (
          <StyledForm noValidate aria-label={ariaLabel ?? description.label}>
            {body}
            {extraFields}
            {submitError && <SubmitError role="alert">{submitError}</SubmitError>}
            <Actions>
              <Button type="submit" variant="primary" loading={isSubmitting}>
                {submitLabel}
              </Button>
              {actions}
            </Actions>
          </StyledForm>
        )}
      </Formik>
    </SchemaFieldComponentsProvider>
  );
}
