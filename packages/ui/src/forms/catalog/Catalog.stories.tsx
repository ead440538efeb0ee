import type { Meta, StoryObj } from '@storybook/react';
import { useState } from 'react';
import { Select } from '../../Select/index.ts';
import type { FormDescription } from '@opsdeck/contracts/form';
import type { FormValues } from '@opsdeck/contracts/form';
import { SchemaForm } from '../schema/SchemaForm.tsx';
import { checkTypes, httpCheck } from '@opsdeck/contracts/canary';
import { connectionTypes } from '@opsdeck/contracts/connection';

function byLabel(types: readonly FormDescription[]): FormDescription[] {
  return types.filter((type) => !type.hidden).sort((a, b) => a.label.localeCompare(b.label));
}

interface CatalogueProps {
  types: readonly FormDescription[];
  initialType: string;
  pickerLabel: string;
}

/** What the Add Connection / health-check editors do: pick a type, render its form from data. */
function Catalogue({ types, initialType, pickerLabel }: CatalogueProps) {
  const offered = byLabel(types);
  const [type, setType] = useState(initialType);
  const [saved, setSaved] = useState<FormValues>();
  const description = offered.find((candidate) => candidate.type === type) ?? offered[0];
  if (!description) return null;
  return (
    <div style={{ display: 'grid', gap: 16, maxWidth: 640 }}>
      <Select
        label={pickerLabel}
        value={description.type}
        options={offered.map((candidate) => ({ value: candidate.type, label: candidate.label }))}
        onChange={(next) => {
          setType(next);
          setSaved(undefined);
        }}
      />
      {/* A new type is a new form: keyed, so no value carries over from the previous one. */}
      <SchemaForm key={description.type} description={description} codeTab onSubmit={setSaved} />
      {saved && (
        <pre aria-label="Submitted value" style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
          {JSON.stringify(saved, null, 2)}
        </pre>
      )}
    </div>
  );
}

const meta = {
  title: 'Forms/Catalogue',
  component: Catalogue,
  args: { types: connectionTypes, initialType: 'postgres', pickerLabel: 'Connection type' },
} satisfies Meta<typeof Catalogue>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Connections: Story = {};

/** A notification type: its url is built from the fields on Save (shown below the form). */
export const NotificationConnection: Story = { args: { initialType: 'slack' } };

export const HealthChecks: Story = {
  args: { types: checkTypes, initialType: 'folder', pickerLabel: 'Check type' },
};

/** The HTTP check's lists (headers, response codes) and a test script, as an edited check. */
export const CheckWithLists: Story = {
  render: () => (
    <div style={{ maxWidth: 640 }}>
      <SchemaForm
        description={httpCheck}
        codeTab
        initialValues={{
          name: 'payments-api',
          url: 'https://payments.example.internal/health',
          headers: [{ name: 'Accept', value: 'application/json' }],
          responseCodes: [200, 204],
          test: { expr: "code in [200, 204] && sslAge > Duration('7d')" },
        }}
        onSubmit={() => undefined}
      />
    </div>
  ),
};

/** A canary holding several HTTP checks: a list whose items are whole checks, lists inside. */
const httpCanary: FormDescription = {
  type: 'canary',
  label: 'Canary',
  fields: [
    { kind: 'text', name: 'name', label: 'Name', required: true, format: 'dns1123' },
    { kind: 'text', name: 'schedule', label: 'Schedule', default: '@every 5m' },
    {
      kind: 'list',
      name: 'spec.http',
      label: 'HTTP checks',
      minItems: 1,
      item: { kind: 'group', label: 'HTTP check', fields: httpCheck.fields },
    },
  ],
};

export const CanaryWithCheckList: Story = {
  render: () => (
    <div style={{ maxWidth: 720 }}>
      <SchemaForm
        description={httpCanary}
        initialValues={{
          name: 'payments',
          spec: {
            http: [
              { name: 'health', url: 'https://payments.example.internal/health' },
              { name: 'login', url: 'https://payments.example.internal/login', method: 'POST' },
            ],
          },
        }}
        onSubmit={() => undefined}
      />
    </div>
  ),
};
