import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DataTableSelectFilter } from '../DataTable/DataTableFilters.tsx';
import { DataTableToolbar } from '../DataTable/DataTableToolbar.tsx';
import { checkColumns, generateCheckRows } from '../DataTable/fixtures.ts';
import { useDataTable } from '../DataTable/useDataTable.tsx';
import { UrlStateProvider } from '../routing/UrlState.tsx';
import { useHistoryUrlState } from '../routing/historyUrlState.ts';
import { OpsdeckThemeProvider } from '../theme/ThemeProvider.tsx';

const rows = generateCheckRows(10);
const statusOptions = ['healthy', 'unhealthy'].map((value) => ({ value, label: value }));

function Checks() {
  const dataTable = useDataTable({
    id: 'checks',
    mode: 'client',
    filters: ['status', 'team'],
    searchKey: 'name',
    columns: checkColumns,
    data: rows,
  });
  return (
    <DataTableToolbar dataTable={dataTable}>
      <DataTableSelectFilter
        dataTable={dataTable}
        filterKey="status"
        label="Status"
        options={statusOptions}
      />
      <DataTableSelectFilter
        dataTable={dataTable}
        filterKey="team"
        label="Team"
        options={[{ value: 'payments', label: 'payments' }]}
      />
    </DataTableToolbar>
  );
}

const renderAt = (url: string) => {
  window.history.replaceState(null, '', url);
  return render(
    <UrlStateProvider binding={useHistoryUrlState}>
      <OpsdeckThemeProvider mode="light">
        <Checks />
      </OpsdeckThemeProvider>
    </UrlStateProvider>,
  );
};

const filtersToggle = () => document.querySelector<HTMLElement>('[data-slot="filters-toggle"]')!;

describe('a table toolbar on a phone', () => {
  it('folds its filters behind a button that counts the active ones (the search aside)', async () => {
    const user = userEvent.setup();
    renderAt(
      '/checks?checks.status.filter=healthy&checks.team.filter=payments&checks.name.filter=x',
    );
    // jsdom is no phone: the button is styled away (display: none) outside the phone media query,
    // so it is found by its slot rather than by role.
    const toggle = filtersToggle();
    expect(toggle.textContent).toBe('Filters (2)');
    const region = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(region?.contains(screen.getByRole('combobox', { name: 'Status' }))).toBe(true);
    // Folded until asked; the search box stays out of the fold.
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(region?.hasAttribute('data-folded')).toBe(true);
    expect(region?.contains(screen.getByRole('searchbox'))).toBe(false);
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(region?.hasAttribute('data-folded')).toBe(false);
  });

  it('says just "Filters" while none is set, and the fold applies under the phone breakpoint only', () => {
    renderAt('/checks');
    expect(filtersToggle().textContent).toBe('Filters');
    // The rule that hides a folded region sits in a phone media query (jsdom lays nothing out;
    // the Chromium journey checks a 390 px screen).
    const phoneRules = [...document.styleSheets]
      .flatMap((sheet) => [...sheet.cssRules])
      .filter((rule) => rule instanceof CSSMediaRule)
      .filter((rule) => rule.conditionText === '(max-width: 639.98px)')
      .flatMap((rule) => [...rule.cssRules]);
    const folded = phoneRules.find(
      (rule) => rule instanceof CSSStyleRule && rule.selectorText.endsWith('[data-folded]'),
    );
    expect((folded as CSSStyleRule | undefined)?.style.display).toBe('none');
  });
});
