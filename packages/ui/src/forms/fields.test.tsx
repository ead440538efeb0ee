import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Formik } from 'formik';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import * as yup from 'yup';
import { OpsdeckThemeProvider } from '../theme/index.ts';
import { CheckboxField, SwitchField } from './BooleanFields.tsx';
import { IconPickerField } from './IconPickerField.tsx';
import { KeyValueField } from './KeyValueField.tsx';
import { NumberField } from './NumberField.tsx';
import { BytesField, MillicoresField } from './QuantityFields.tsx';
import { ScheduleField } from './ScheduleField.tsx';
import { SelectField } from './SelectField.tsx';
import { TextAreaField, TextField } from './TextField.tsx';
import { bytes, dns1123, integer, millicores, required } from '@opsdeck/contracts/form';
import { valueSource } from '@opsdeck/contracts/form';
import { ValueSourceField } from './ValueSourceField.tsx';

function renderForm(
  initialValues: Record<string, unknown>,
  schema: yup.AnyObjectSchema,
  children: ReactNode,
) {
  const onSubmit = vi.fn();
  render(
    <OpsdeckThemeProvider mode="light">
      <Formik
        initialValues={initialValues}
        validationSchema={schema}
        onSubmit={(values) => onSubmit(values)}
      >
        <Form noValidate aria-label="Test form">
          {children}
          <button type="submit">Save</button>
        </Form>
      </Formik>
    </OpsdeckThemeProvider>,
  );
  return { onSubmit, user: userEvent.setup() };
}

/** The text of the elements an input's aria-describedby points at. */
function description(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

// The 20 s timeouts below are a safety net for a loaded shared CI machine, not a performance target.
describe('TextField', { timeout: 20_000 }, () => {
  it("shows 'This field is required' on blur, tied to the input", async () => {
    const { user } = renderForm(
      { name: '' },
      yup.object({ name: dns1123({ required: true }) }),
      <TextField name="name" label="Name" required />,
    );
    const input = screen.getByLabelText(/^Name/);
    expect(input.getAttribute('aria-required')).toBe('true');
    await user.click(input);
    await user.tab();
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(description(input)).toBe('This field is required');
  });

  it('validates on change: the dns1123 error comes and goes while typing', async () => {
    const { user } = renderForm(
      { name: '' },
      yup.object({ name: dns1123({ required: true }) }),
      <TextField name="name" label="Name" required hint="A DNS name" />,
    );
    const input = screen.getByLabelText(/^Name/);
    await user.type(input, 'Web_1');
    await waitFor(() => expect(description(input)).toMatch(/^A DNS name Must be lowercase/));
    expect(document.activeElement).toBe(input);
    await user.clear(input);
    await user.type(input, 'web-1');
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBeNull());
    expect(description(input)).toBe('A DNS name');
  });
});

describe('NumberField', { timeout: 20_000 }, () => {
  it("rejects text with 'This field must be a number' and stores integers as numbers", async () => {
    const { user, onSubmit } = renderForm(
      { interval: undefined },
      yup.object({ interval: integer({ required: true }) }),
      <NumberField name="interval" label="Interval" required />,
    );
    const input = screen.getByLabelText(/^Interval/) as HTMLInputElement;
    await user.type(input, '3x');
    await waitFor(() => expect(description(input)).toBe('This field must be a number'));
    expect(input.value).toBe('3x');
    await user.clear(input);
    await user.type(input, '30');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ interval: 30 }));
  });

  it("reads 'This field is required' when left empty", async () => {
    const { user, onSubmit } = renderForm(
      { interval: undefined },
      yup.object({ interval: integer({ required: true }) }),
      <NumberField name="interval" label="Interval" required />,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(description(screen.getByLabelText(/^Interval/))).toBe('This field is required'),
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('a form that fails validation', { timeout: 20_000 }, () => {
  it('keeps everything typed and shows every error', async () => {
    const schema = yup.object({
      name: dns1123({ required: true }),
      type: required(yup.string()),
      interval: integer({ required: true }),
    });
    const { user, onSubmit } = renderForm(
      {
        name: '',
        description: '',
        type: undefined,
        interval: undefined,
        labels: {},
        enabled: false,
      },
      schema,
      <>
        <TextField name="name" label="Name" required />
        <TextAreaField name="description" label="Description" />
        <SelectField
          name="type"
          label="Type"
          required
          options={[{ value: 'http', label: 'HTTP' }]}
        />
        <NumberField name="interval" label="Interval" required />
        <KeyValueField name="labels" label="Labels" />
        <SwitchField name="enabled" label="Enabled" />
      </>,
    );
    await user.type(screen.getByLabelText(/^Name/), 'payments-api');
    await user.type(screen.getByLabelText('Description'), 'Checks the API');
    await user.type(screen.getByLabelText(/^Interval/), 'soon');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.keyboard('team');
    await user.type(screen.getByLabelText('Value 1'), 'payments');
    await user.click(screen.getByRole('switch', { name: 'Enabled' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const combobox = screen.getByRole('combobox', { name: 'Type' });
    await waitFor(() => expect(description(combobox)).toBe('This field is required'));
    expect(combobox.getAttribute('aria-invalid')).toBe('true');
    expect(description(screen.getByLabelText(/^Interval/))).toBe('This field must be a number');
    expect(onSubmit).not.toHaveBeenCalled();

    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('payments-api');
    expect((screen.getByLabelText('Description') as HTMLTextAreaElement).value).toBe(
      'Checks the API',
    );
    expect((screen.getByLabelText(/^Interval/) as HTMLInputElement).value).toBe('soon');
    expect((screen.getByLabelText('Key 1') as HTMLInputElement).value).toBe('team');
    expect((screen.getByLabelText('Value 1') as HTMLInputElement).value).toBe('payments');
    expect(screen.getByRole('switch', { name: 'Enabled' }).getAttribute('aria-checked')).toBe(
      'true',
    );
  });
});

describe('SelectField', { timeout: 20_000 }, () => {
  it('picks with the keyboard and submits the value', async () => {
    const { user, onSubmit } = renderForm(
      { type: undefined },
      yup.object({ type: required(yup.string()) }),
      <SelectField
        name="type"
        label="Type"
        required
        options={[
          { value: 'http', label: 'HTTP' },
          { value: 'tcp', label: 'TCP' },
        ]}
      />,
    );
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Type' }));
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ type: 'tcp' }));
  });
});

describe('SwitchField and CheckboxField', { timeout: 20_000 }, () => {
  it('flip from the keyboard and by label', async () => {
    const { user, onSubmit } = renderForm(
      { enabled: false, confirm: false },
      yup.object({}),
      <>
        <SwitchField name="enabled" label="Enabled" />
        <CheckboxField name="confirm" label="Confirm" />
      </>,
    );
    const toggle = screen.getByRole('switch', { name: 'Enabled' });
    await user.tab();
    expect(document.activeElement).toBe(toggle);
    await user.keyboard(' ');
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await user.click(screen.getByText('Confirm'));
    expect((screen.getByRole('checkbox', { name: 'Confirm' }) as HTMLInputElement).checked).toBe(
      true,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ enabled: true, confirm: true }));
  });
});

describe('KeyValueField', { timeout: 20_000 }, () => {
  it('adds rows (empty key allowed), focuses the new key, removes rows and stores a map', async () => {
    const { user, onSubmit } = renderForm(
      { labels: { app: 'web', tier: 'gold' } },
      yup.object({}),
      <KeyValueField name="labels" label="Labels" />,
    );
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const newKey = screen.getByLabelText('Key 3');
    expect(document.activeElement).toBe(newKey);
    expect(newKey.getAttribute('aria-invalid')).toBeNull();
    await user.type(screen.getByLabelText('Value 3'), 'orphan');
    await user.click(screen.getByRole('button', { name: 'Remove row 1' }));
    expect(screen.queryByDisplayValue('app')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // The row without a key stays on screen but is not part of the map.
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ labels: { tier: 'gold' } }));
    expect((screen.getByLabelText('Value 2') as HTMLInputElement).value).toBe('orphan');
  });

  it('flags a duplicate key and refuses to submit it', async () => {
    const { user, onSubmit } = renderForm(
      { labels: { app: 'web' } },
      yup.object({}),
      <KeyValueField name="labels" label="Labels" />,
    );
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.keyboard('app');
    expect(screen.getByText('Duplicate key: app')).toBeTruthy();
    expect(screen.getByLabelText('Key 2').getAttribute('aria-invalid')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByText('Duplicate key: app')).toHaveLength(1));
    expect(onSubmit).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText('Key 2'));
    await user.type(screen.getByLabelText('Key 2'), 'tier');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ labels: { app: 'web', tier: '' } }),
    );
  });
});

describe('ScheduleField', { timeout: 20_000 }, () => {
  it('suggests the spec presets and takes free text', async () => {
    const { user, onSubmit } = renderForm(
      { schedule: '' },
      yup.object({ schedule: required(yup.string()) }),
      <ScheduleField name="schedule" label="Schedule" required />,
    );
    const input = screen.getByLabelText(/^Schedule/) as HTMLInputElement;
    const list = document.getElementById(input.getAttribute('list') ?? '');
    expect([...(list?.querySelectorAll('option') ?? [])].map((o) => o.value)).toEqual([
      '@every 30s',
      '@every 1m',
      '@every 5m',
      '@every 30m',
      '@hourly',
      '@every 6h',
      '@daily',
      '@weekly',
    ]);
    await user.type(input, '0 */2 * * *');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ schedule: '0 */2 * * *' }));
  });
});

describe('IconPickerField', { timeout: 20_000 }, () => {
  it('offers the icon set by name and stores the name', async () => {
    const { user, onSubmit } = renderForm(
      { icon: undefined },
      yup.object({}),
      <IconPickerField name="icon" label="Icon" />,
    );
    await user.click(screen.getByRole('combobox', { name: 'Icon' }));
    const listbox = screen.getByRole('listbox', { name: 'Icon' });
    expect(within(listbox).getByRole('option', { name: 'No icon' })).toBeTruthy();
    await user.click(within(listbox).getByRole('option', { name: 'Server' }));
    expect(screen.getByRole('combobox', { name: 'Icon' }).textContent).toContain('Server');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ icon: 'Server' }));
  });
});

describe('BytesField and MillicoresField', { timeout: 20_000 }, () => {
  it('store the number with its unit (Mi by default) and millicores with m', async () => {
    const { user, onSubmit } = renderForm(
      { memory: undefined, cache: undefined, cpu: undefined },
      yup.object({ memory: bytes(), cache: bytes(), cpu: millicores() }),
      <>
        <BytesField name="memory" label="Memory" />
        <BytesField name="cache" label="Cache" />
        <MillicoresField name="cpu" label="CPU" />
      </>,
    );
    await user.type(screen.getByLabelText('Memory'), '512');
    await user.selectOptions(screen.getByLabelText('Cache unit'), 'Gi');
    await user.type(screen.getByLabelText('Cache'), '2');
    await user.type(screen.getByLabelText('CPU'), '250');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ memory: '512Mi', cache: '2Gi', cpu: '250m' }),
    );
  });

  it("rejects a non-number with 'This field must be a number' and keeps it", async () => {
    const { user, onSubmit } = renderForm(
      { memory: undefined },
      yup.object({ memory: bytes() }),
      <BytesField name="memory" label="Memory" />,
    );
    const input = screen.getByLabelText('Memory') as HTMLInputElement;
    await user.type(input, 'lots');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(description(input)).toBe('This field must be a number'));
    expect(input.value).toBe('lots');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('ValueSourceField', { timeout: 20_000 }, () => {
  it('switches between a static value, a config map and a secret, in the wire shape', async () => {
    const { user, onSubmit } = renderForm(
      { password: { value: '' } },
      yup.object({ password: valueSource({ required: true }) }),
      <ValueSourceField name="password" label="Password" required sensitive />,
    );
    expect(screen.getByLabelText(/^Value/).getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('radio', { name: 'Secret' }));
    await user.type(screen.getByLabelText(/^Secret name/), 'payments-db');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(description(screen.getByLabelText(/^Key/))).toBe('This field is required'),
    );
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText(/^Key/), 'password');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        password: { valueFrom: { secretKeyRef: { name: 'payments-db', key: 'password' } } },
      }),
    );

    await user.click(screen.getByRole('radio', { name: 'Config map' }));
    await user.type(screen.getByLabelText(/^Config map name/), 'app');
    await user.type(screen.getByLabelText(/^Key/), 'url');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenLastCalledWith({
        password: { valueFrom: { configMapKeyRef: { name: 'app', key: 'url' } } },
      }),
    );
  });
});
