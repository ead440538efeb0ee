import type { Meta, StoryObj } from '@storybook/react';
import { useState } from 'react';
import { CodeEditor, type CodeEditorProps } from './CodeEditor.tsx';
import type { JsonSchema } from './schema.ts';

const canaryYaml = `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: http-check
spec:
  interval: 30
  http:
    - name: api health
      url: https://example.invalid/health
      responseCodes: [200]
`;

const canaryJson = JSON.stringify(
  { name: 'http-check', spec: { interval: 30, severity: 'low' } },
  null,
  2,
);

const canarySchema: JsonSchema = {
  type: 'object',
  required: ['name', 'spec'],
  properties: {
    name: { type: 'string' },
    spec: {
      type: 'object',
      required: ['interval'],
      properties: { interval: { type: 'integer' }, severity: { enum: ['low', 'medium', 'high'] } },
    },
  },
};

// Stories keep the value in state so typing in Storybook behaves as in the console.
function Controlled(props: Omit<CodeEditorProps, 'onChange'>) {
  const [value, setValue] = useState(props.value);
  return <CodeEditor {...props} value={value} onChange={setValue} />;
}

const meta = {
  title: 'Forms/CodeEditor',
  component: CodeEditor,
  render: (args) => <Controlled {...args} />,
  args: { label: 'Canary spec', value: canaryYaml, language: 'yaml', height: '320px' },
  argTypes: { language: { control: 'inline-radio', options: ['yaml', 'json'] } },
} satisfies Meta<typeof CodeEditor>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Yaml: Story = {};
export const Json: Story = { args: { language: 'json', value: canaryJson, schema: canarySchema } };
export const ReadOnly: Story = { args: { readOnly: true } };
export const WithYamlError: Story = {
  args: { value: 'metadata:\n  name: http-check\n    namespace: default\n' },
};
export const WithSchemaProblem: Story = {
  args: {
    language: 'json',
    value: JSON.stringify(
      { name: 'http-check', spec: { interval: 'often', severity: 'urgent' } },
      null,
      2,
    ),
    schema: canarySchema,
  },
};
export const DefaultHeight: Story = { args: { height: undefined } };
export const Dark: Story = {
  args: { value: 'metadata:\n  name: http-check\n    namespace: default\n' },
  globals: { theme: 'dark' },
};
