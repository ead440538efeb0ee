import { QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { EntityPicker, type EntityOption } from '../EntityPicker/EntityPicker.tsx';
import { entityOption, type EntityDescription } from '../EntityPicker/entityOption.ts';
import { Modal } from '../Modal/Modal.tsx';
import { OpsdeckThemeProvider } from '../theme/ThemeProvider.tsx';
import { Combobox } from './Combobox.tsx';
import { comboboxItems } from './comboboxItems.ts';
import type { ComboboxOption } from './comboboxItems.ts';

const teams: ComboboxOption[] = [
  { id: 't1', label: 'payments', detail: '4 people' },
  { id: 't2', label: 'platform' },
  { id: 't3', label: 'retired', disabled: true },
  { id: 't4', label: 'search' },
];

function Single({ onCreate }: { onCreate?: (text: string) => void }) {
  const [value, setValue] = useState<ComboboxOption | null>(null);
  return (
    <OpsdeckThemeProvider>
      <Combobox
        label="Team"
        options={teams}
        value={value}
        onChange={setValue}
        {...(onCreate ? { onCreate, createLabel: (text: string) => `Create team "${text}"` } : {})}
      />
      <output>{value?.id ?? 'none'}</output>
      <button type="button">elsewhere</button>
    </OpsdeckThemeProvider>
  );
}

const input = () => screen.getByRole('combobox', { name: 'Team' }) as HTMLInputElement;
const activeOption = () =>
  document.getElementById(input().getAttribute('aria-activedescendant') ?? '')?.textContent;

describe('Combobox', () => {
  it('follows the ARIA combobox keys: Down/Up open and move past disabled options, Enter picks, Escape closes', async () => {
    const user = userEvent.setup();
    render(<Single />);
    await user.tab();
    expect(document.activeElement).toBe(input());
    // Focus opens the list with nothing active (manual selection).
    expect(input().getAttribute('aria-expanded')).toBe('true');
    expect(input().getAttribute('aria-activedescendant')).toBeNull();
    await user.keyboard('{ArrowDown}');
    expect(activeOption()).toContain('payments');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    // "retired" is disabled: skipped.
    expect(activeOption()).toBe('search');
    await user.keyboard('{ArrowUp}');
    expect(activeOption()).toBe('platform');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('status').textContent).toBe('t2');
    expect(input().getAttribute('aria-expanded')).toBe('false');
    expect(input().value).toBe('platform');
    // Escape closes the list and leaves the value alone; Up on a closed list opens at the last.
    await user.keyboard('{ArrowUp}');
    expect(activeOption()).toBe('search');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('t2');
    expect(document.activeElement).toBe(input());
    // Tab leaves and closes.
    await user.keyboard('{ArrowDown}');
    await user.tab();
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement?.textContent).toBe('elsewhere');
  });

  it('offers to create what is typed when no option is called that, and picks with a click', async () => {
    const user = userEvent.setup();
    const onCreate = vi.fn();
    render(<Single onCreate={onCreate} />);
    await user.click(input());
    await user.type(input(), 'Payments');
    // An option called that (any case) exists: no create item.
    expect(screen.queryByRole('option', { name: /Create team/ })).toBeNull();
    await user.type(input(), '-eu');
    await user.keyboard('{ArrowDown}');
    expect(activeOption()).toBe('Create team "Payments-eu"');
    await user.keyboard('{Enter}');
    expect(onCreate).toHaveBeenCalledWith('Payments-eu');
    await user.clear(input());
    await user.click(screen.getByRole('option', { name: /search/ }));
    expect(screen.getByRole('status').textContent).toBe('t4');
  });

  it('picks several as chips, keeps the list open, and Backspace in an empty box removes the last', async () => {
    const user = userEvent.setup();
    function Multi() {
      const [value, setValue] = useState<ComboboxOption[]>([]);
      return (
        <OpsdeckThemeProvider>
          <Combobox label="Team" multiple options={teams} value={value} onChange={setValue} />
          <output>{value.map((team) => team.id).join(',')}</output>
        </OpsdeckThemeProvider>
      );
    }
    render(<Multi />);
    await user.click(input());
    expect(screen.getByRole('listbox', { name: 'Team' }).getAttribute('aria-multiselectable')).toBe(
      'true',
    );
    await user.keyboard('{ArrowDown}{Enter}{ArrowDown}{Enter}');
    expect(screen.getByRole('status').textContent).toBe('t1,t2');
    expect(screen.getByRole('option', { name: /payments/ }).getAttribute('aria-selected')).toBe(
      'true',
    );
    // Enter on a picked option unpicks it.
    await user.keyboard('{ArrowUp}{Enter}');
    expect(screen.getByRole('status').textContent).toBe('t2');
    await user.click(screen.getByRole('option', { name: /search/ }));
    expect(screen.getByRole('status').textContent).toBe('t2,t4');
    await user.keyboard('{Backspace}');
    expect(screen.getByRole('status').textContent).toBe('t2');
    await user.click(screen.getByRole('button', { name: 'Remove platform' }));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('closes its list on Escape inside a modal, and the modal stays open', async () => {
    const user = userEvent.setup();
    render(
      <OpsdeckThemeProvider>
        <Modal.Root open onClose={() => undefined}>
          <Modal.Header>Assign</Modal.Header>
          <Modal.Body>
            <Combobox label="Team" options={teams} value={null} onChange={() => undefined} />
          </Modal.Body>
        </Modal.Root>
      </OpsdeckThemeProvider>,
    );
    await user.click(input());
    expect(screen.getByRole('listbox', { name: 'Team' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});

describe('comboboxItems', () => {
  it('puts the create item first for text no option is called, trimmed', () => {
    expect(comboboxItems(teams, '  ops ', true)[0]).toEqual({ kind: 'create', text: 'ops' });
    expect(comboboxItems(teams, 'SEARCH', true).some((item) => item.kind === 'create')).toBe(false);
    expect(comboboxItems(teams, 'ops', false).some((item) => item.kind === 'create')).toBe(false);
    expect(comboboxItems(teams, ' ', true)).toHaveLength(teams.length);
  });
});

describe('EntityPicker', () => {
  const configs: EntityDescription[] = [
    { id: 'c1', name: 'web', type: 'Kubernetes::Deployment', namespace: 'shop', cluster: 'eu' },
    { id: 'c2', name: 'web', type: 'Kubernetes::Deployment', namespace: 'shop', cluster: 'us' },
    { id: 'c3', name: 'webhook', type: 'AWS::Lambda::Function', parentPath: 'billing' },
  ];

  it('searches once typing settles, tells like-named entities apart, and picks one', async () => {
    // Keys land without a timer between them, as fast typing does: on a loaded machine a 0 ms
    // timer could outlast the 50 ms debounce and search a half-typed word.
    const user = userEvent.setup({ delay: null });
    const searched: string[] = [];
    const configQuery = (search: string) =>
      queryOptions({
        queryKey: ['configs', 'search', search],
        queryFn: async () => {
          searched.push(search);
          return configs.filter((config) => config.name.startsWith(search));
        },
      });
    let picked: EntityOption<EntityDescription> | null = null;
    function Picker() {
      const [value, setValue] = useState<ComboboxOption | null>(null);
      return (
        <EntityPicker
          label="Config"
          query={configQuery}
          toOption={entityOption}
          debounceMs={50}
          value={value}
          onChange={(option) => {
            picked = option;
            setValue(option);
          }}
        />
      );
    }
    render(
      <QueryClientProvider client={new QueryClient()}>
        <OpsdeckThemeProvider>
          <Picker />
        </OpsdeckThemeProvider>
      </QueryClientProvider>,
    );
    const box = screen.getByRole('combobox', { name: 'Config' }) as HTMLInputElement;
    await user.click(box);
    expect(screen.getByText('Start typing to search')).toBeTruthy();
    await user.type(box, 'web');
    const options = await screen.findAllByRole('option');
    // One search for the settled text, not one per key.
    expect(searched).toEqual(['web']);
    expect(options.map((option) => option.textContent)).toEqual([
      'webKubernetes › Deployment · shop · eu',
      'webKubernetes › Deployment · shop · us',
      'webhookAWS › Lambda › Function · billing',
    ]);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(picked).toMatchObject({ id: 'c2', entity: configs[1] });
    expect(box.value).toBe('web');
    await user.type(box, 'x');
    await waitFor(() => expect(searched).toEqual(['web', 'x']));
    await act(async () => undefined);
    expect(await screen.findByText('No options found')).toBeTruthy();
  });
});
