import type { Meta, StoryObj } from '@storybook/react';
import { Form, Formik, type FormikErrors, type FormikTouched } from 'formik';
import type { ReactNode } from 'react';
import { CheckboxField, SwitchField } from './BooleanFields.tsx';
import { IconPickerField } from './IconPickerField.tsx';
import { KeyValueField } from './KeyValueField.tsx';
import { NumberField } from './NumberField.tsx';
import { BytesField, MillicoresField } from './QuantityFields.tsx';
import { ScheduleField } from './ScheduleField.tsx';
import { TextAreaField, TextField } from './TextField.tsx';
import { ValueSourceField } from './ValueSourceField.tsx';

// One field per story, in the states a designer checks; the whole form is in Resource form.

interface FieldStoryProps {
  values: Record<string, unknown>;
  errors?: FormikErrors<Record<string, unknown>>;
  touched?: FormikTouched<Record<string, unknown>>;
  children: ReactNode;
}

function FieldStory({ values, errors, touched, children }: FieldStoryProps) {
  return (
    <Formik
      initialValues={values}
      initialErrors={errors}
      initialTouched={touched}
      onSubmit={() => undefined}
    >
      <Form noValidate aria-label="Field" style={{ display: 'grid', gap: 16, maxWidth: 420 }}>
        {children}
      </Form>
    </Formik>
  );
}

const meta = {
  title: 'Forms/Fields',
  component: FieldStory,
  args: { values: {}, children: null },
} satisfies Meta<typeof FieldStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const TextRequired: Story = {
  args: {
    values: { name: '' },
    errors: { name: 'This field is required' },
    touched: { name: true },
    children: (
      <TextField name="name" label="Name" required hint="Lowercase letters, digits and hyphens" />
    ),
  },
};

export const NumberNotANumber: Story = {
  args: {
    values: { port: 'eighty' },
    errors: { port: 'This field must be a number' },
    touched: { port: true },
    children: <NumberField name="port" label="Port" required />,
  },
};

export const TextAreaDisabled: Story = {
  args: {
    values: { description: 'Managed by GitOps' },
    children: <TextAreaField name="description" label="Description" disabled />,
  },
};

export const KeyValueEmpty: Story = {
  args: { values: { headers: {} }, children: <KeyValueField name="headers" label="Headers" /> },
};

export const KeyValueFilled: Story = {
  args: {
    values: { labels: { app: 'web', tier: 'gold' } },
    children: <KeyValueField name="labels" label="Labels" hint="Added to every check" />,
  },
};

export const ScheduleCustom: Story = {
  args: {
    values: { schedule: '0 */2 * * *' },
    children: <ScheduleField name="schedule" label="Schedule" required />,
  },
};

export const IconChosen: Story = {
  args: { values: { icon: 'Database' }, children: <IconPickerField name="icon" label="Icon" /> },
};

export const BytesInGi: Story = {
  args: { values: { memory: '2Gi' }, children: <BytesField name="memory" label="Memory" /> },
};

export const MillicoresError: Story = {
  args: {
    values: { cpu: 'halfm' },
    errors: { cpu: 'This field must be a number' },
    touched: { cpu: true },
    children: <MillicoresField name="cpu" label="CPU" />,
  },
};

export const SecretReference: Story = {
  args: {
    values: { token: { valueFrom: { secretKeyRef: { name: 'slack', key: 'token' } } } },
    children: <ValueSourceField name="token" label="Token" required />,
  },
};

export const SwitchAndCheckboxDisabled: Story = {
  args: {
    values: { enabled: true, confirm: false },
    children: (
      <>
        <SwitchField name="enabled" label="Enabled" disabled />
        <CheckboxField name="confirm" label="Confirm" disabled />
      </>
    ),
  },
};

export const Dark: Story = {
  args: {
    values: { name: 'Bad_Name', enabled: true },
    errors: {
      name: 'Must be lowercase letters, digits and hyphens in dot-separated labels, each starting and ending with a letter or digit',
    },
    touched: { name: true },
    children: (
      <>
        <TextField name="name" label="Name" required />
        <SwitchField name="enabled" label="Enabled" />
      </>
    ),
  },
  globals: { theme: 'dark' },
};
