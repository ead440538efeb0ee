// A live refetch (issue 38) that adds a row above never moves an open row menu or the focus to
// another record: rows keep their identity (getRowId), not their position.
import type { ColumnDef } from '@tanstack/react-table';
import { act, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DropdownMenu } from '../DropdownMenu/DropdownMenu.tsx';
import { useReactRouterUrlState } from '../routing/reactRouterUrlState.ts';
import { UrlStateProvider } from '../routing/UrlState.tsx';
import { testIds } from '../testIds.ts';
import { OpsdeckThemeProvider } from '../theme/ThemeProvider.tsx';
import { DataTable } from './DataTable.tsx';

interface Silence {
  id: string;
  name: string;
}

const columns: ColumnDef<Silence>[] = [
  { id: 'name', header: 'Name', accessorKey: 'name' },
  {
    id: 'actions',
    header: 'Actions',
    enableSorting: false,
    cell: ({ row }) => (
      <DropdownMenu
        label={`Actions for ${row.original.name}`}
        items={[{ id: 'expire', label: 'Expire', onSelect: () => undefined }]}
      />
    ),
  },
];

function Table({ data }: { data: Silence[] }) {
  return (
    <MemoryRouter>
      <UrlStateProvider binding={useReactRouterUrlState}>
        <OpsdeckThemeProvider>
          <DataTable
            label="Silences"
            columns={columns}
            data={data}
            getRowId={(row) => row.id}
            manual
            totalRowCount={data.length}
          />
        </OpsdeckThemeProvider>
      </UrlStateProvider>
    </MemoryRouter>
  );
}

const rowOf = (element: Element) => element.closest(`[data-testid="${testIds.dataTable.row}"]`);

describe('DataTable rows across a refetch', () => {
  it('keeps an open row menu open on its own row, and the focus on its button, when a row arrives above', async () => {
    const user = userEvent.setup();
    const first = [
      { id: 'b', name: 'beta' },
      { id: 'c', name: 'gamma' },
    ];
    const { rerender } = render(<Table data={first} />);
    const trigger = screen.getByRole('button', { name: 'Actions for gamma' });
    await user.click(trigger);
    expect(screen.getByRole('menu')).toBeTruthy();
    const gammaRow = rowOf(trigger)!;
    expect(within(gammaRow as HTMLElement).getByText('gamma')).toBeTruthy();

    // The refetch: a new silence first, the others after it.
    act(() => rerender(<Table data={[{ id: 'a', name: 'alpha' }, ...first]} />));

    const menu = screen.getByRole('menu');
    expect(menu).toBeTruthy();
    const open = screen.getByRole('button', { name: 'Actions for gamma' });
    expect(open.getAttribute('aria-expanded')).toBe('true');
    expect(
      screen.getByRole('button', { name: 'Actions for alpha' }).getAttribute('aria-expanded'),
    ).not.toBe('true');
    expect(
      screen.getByRole('button', { name: 'Actions for beta' }).getAttribute('aria-expanded'),
    ).not.toBe('true');
    // The focus is where the user left it: in the menu of gamma's row, or on gamma's trigger.
    const focused = document.activeElement!;
    expect(menu.contains(focused) || focused === open).toBe(true);
    expect(rowOf(open)).toBe(gammaRow);
  });
});
