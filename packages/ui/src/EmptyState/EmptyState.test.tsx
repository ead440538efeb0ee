import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OpsdeckThemeProvider } from '../theme/ThemeProvider.tsx';
import { EmptyState } from './EmptyState.tsx';

describe('EmptyState', () => {
  it.each([
    ['resources', 'No resources found'],
    ['data', 'No data available'],
    ['details', 'No details found'],
  ] as const)('says "%s" in the product words', (kind, text) => {
    render(
      <OpsdeckThemeProvider>
        <EmptyState kind={kind} />
      </OpsdeckThemeProvider>,
    );
    expect(screen.getByText(text)).toBeTruthy();
  });

  it('wraps a sentence quoting a long unbroken search inside the page', () => {
    const search = 'x'.repeat(150);
    render(
      <OpsdeckThemeProvider>
        <EmptyState title={`No playbook named like “${search}”`} />
      </OpsdeckThemeProvider>,
    );
    const box = screen.getByText(`No playbook named like “${search}”`).parentElement!;
    expect(getComputedStyle(box).getPropertyValue('overflow-wrap')).toBe('anywhere');
  });
});
