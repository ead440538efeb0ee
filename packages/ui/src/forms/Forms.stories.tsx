import type { Meta, StoryObj } from '@storybook/react';
import { Form, Formik, type FormikErrors, type FormikTouched } from 'formik';
import type { ReactNode } from 'react';
import * as yup from 'yup';
import { Button } from '../Button/index.ts';
import { CheckboxField, SwitchField } from './BooleanFields.tsx';
import { IconPickerField } from './IconPickerField.tsx';
import { KeyValueField } from './KeyValueField.tsx';
import { NumberField } from './NumberField.tsx';
import { BytesField, MillicoresField } from './QuantityFields.tsx';
import { ScheduleField } from './ScheduleField.tsx';
import { SelectField } from './SelectField.tsx';
import { TextAreaField, TextField } from './TextField.tsx';
import { bytes, dns1123, integer, millicores, required, text } from '@opsdeck/contracts/form';
import { valueSource, type ValueSource } from '@opsdeck/contracts/form';
import { ValueSourceField } from './ValueSourceField.tsx';
import { httpCheck } from '@opsdeck/contracts/canary';
import { gitConnection, postgresConnection } from '@opsdeck/contracts/connection';
import { SchemaForm } from './schema/SchemaForm.tsx';

interface ResourceValues {
  name: string;
  namespace: string;
  description: string;
  type?: string;
  interval?: number | string;
  schedule: string;
  icon?: string;
  memory?: string;
  cpu?: string;
  enabled: boolean;
  confirm: boolean;
  labels: Record<string, string>;
  password: ValueSource;
}

const schema = yup.object({
  name: dns1123({ required: true }),
  namespace: dns1123(),
  description: text({ maxLength: 200 }),
  type: required(yup.string()),
  interval: integer({ required: true, min: 0 }),
  schedule: required(yup.string()),
  memory: bytes(),
  cpu: millicores(),
  password: valueSource({ required: true }),
});

const initialValues: ResourceValues = {
  name: '',
  namespace: 'mission-control',
  description: '',
  schedule: '@every 30m',
  enabled: true,
  confirm: false,
  labels: { team: 'payments' },
  password: { value: '' },
};

const typeOptions = [
  { value: 'http', label: 'HTTP' },
  { value: 'tcp', label: 'TCP' },
  { value: 'dns', label: 'DNS' },
];

interface StoryArgs {
  disabled?: boolean;
  values?: Partial<ResourceValues>;
  errors?: FormikErrors<ResourceValues>;
  touched?: FormikTouched<ResourceValues>;
}

function Frame({ children }: { children: ReactNode }) {
  return <div style={{ display: 'grid', gap: 16, maxWidth: 560 }}>{children}</div>;
}

function ResourceForm({ disabled = false, values = {}, errors, touched }: StoryArgs) {
  return (
    <Formik
      initialValues={{ ...initialValues, ...values }}
      initialErrors={errors}
      initialTouched={touched}
      validationSchema={schema}
      onSubmit={() => undefined}
    >
      <Form noValidate aria-label="Health check">
        <Frame>
          <TextField
            name="name"
            label="Name"
            required
            hint="Lowercase letters, digits and hyphens"
            disabled={disabled}
          />
          <TextField name="namespace" label="Namespace" disabled={disabled} />
          <SelectField
            name="type"
            label="Type"
            required
            options={typeOptions}
            disabled={disabled}
          />
          <NumberField name="interval" label="Interval (seconds)" required disabled={disabled} />
          <ScheduleField name="schedule" label="Schedule" required disabled={disabled} />
          <IconPickerField name="icon" label="Icon" disabled={disabled} />
          <BytesField name="memory" label="Memory" disabled={disabled} />
          <MillicoresField name="cpu" label="CPU" disabled={disabled} />
          <TextAreaField name="description" label="Description" disabled={disabled} />
          <KeyValueField name="labels" label="Labels" disabled={disabled} />
          <ValueSourceField
            name="password"
            label="Password"
            required
            sensitive
            disabled={disabled}
          />
          <SwitchField name="enabled" label="Enabled" disabled={disabled} />
          <CheckboxField
            name="confirm"
            label="I understand this runs against production"
            disabled={disabled}
          />
          <div>
            <Button type="submit" variant="primary" disabled={disabled}>
              Save
            </Button>
          </div>
        </Frame>
      </Form>
    </Formik>
  );
}

const meta = {
  title: 'Forms/Resource form',
  component: ResourceForm,
  args: {},
  decorators: [
    (Story) => (
      <div style={{ minHeight: 300 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ResourceForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

export const Filled: Story = {
  args: {
    values: {
      name: 'payments-api',
      type: 'http',
      interval: 30,
      icon: 'Server',
      memory: '512Mi',
      cpu: '250m',
      description: 'Checks the payments API health endpoint.',
      labels: { team: 'payments', tier: 'critical' },
      password: { valueFrom: { secretKeyRef: { name: 'payments-db', key: 'password' } } },
    },
  },
};

export const WithErrors: Story = {
  args: {
    values: { name: 'Payments_API', interval: 'abc', memory: 'xMi', schedule: '' },
    errors: {
      name: 'Must be lowercase letters, digits and hyphens in dot-separated labels, each starting and ending with a letter or digit',
      type: 'This field is required',
      interval: 'This field must be a number',
      schedule: 'This field is required',
      memory: 'This field must be a number',
      password: { value: 'This field is required' } as FormikErrors<ValueSource>,
    },
    touched: {
      name: true,
      type: true,
      interval: true,
      schedule: true,
      memory: true,
      password: { value: true } as FormikTouched<ValueSource>,
    },
  },
};

export const ConfigMapReference: Story = {
  args: {
    values: {
      password: { valueFrom: { configMapKeyRef: { name: 'app-config', key: 'db-password' } } },
    },
  },
};

export const Disabled: Story = {
  args: { disabled: true, values: { name: 'payments-api', type: 'http', interval: 30 } },
};

export const Dark: Story = {
  args: {
    values: { name: 'Bad_Name', type: 'tcp', cpu: '500m' },
    errors: {
      name: 'Must be lowercase letters, digits and hyphens in dot-separated labels, each starting and ending with a letter or digit',
    },
    touched: { name: true },
  },
  globals: { theme: 'dark' },
};

// Forms rendered from a FormDescription (schema/): the same fields, chosen by kind from data.
export const ConnectionFromDescription: Story = {
  render: () => (
    <Frame>
      <SchemaForm
        description={postgresConnection}
        codeTab
        initialValues={{ name: 'payments-db', url: 'postgres://db.payments:5432/app' }}
        onSubmit={() => undefined}
      />
    </Frame>
  ),
};

export const ConditionalFieldsFromDescription: Story = {
  render: () => (
    <Frame>
      <SchemaForm
        description={gitConnection}
        initialValues={{ properties: { authentication: 'ssh' } }}
        onSubmit={() => undefined}
      />
    </Frame>
  ),
};

export const CheckFromDescription: Story = {
  render: () => (
    <Frame>
      <SchemaForm
        description={httpCheck}
        initialValues={{ method: 'POST', authenticate: true }}
        onSubmit={() => undefined}
      />
    </Frame>
  ),
};
