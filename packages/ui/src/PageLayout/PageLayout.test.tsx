import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OpsdeckThemeProvider } from '../theme/ThemeProvider.tsx';
import { PageActions, PageLayout } from './PageLayout.tsx';

describe('PageLayout', () => {
  it('lays a page out as a column that may shrink, its actions wrapping', () => {
    render(
      <OpsdeckThemeProvider>
        <PageLayout data-testid="page">
          <PageActions data-testid="actions">
            <a href="#one">One</a>
          </PageActions>
        </PageLayout>
      </OpsdeckThemeProvider>,
    );
    const page = getComputedStyle(screen.getByTestId('page'));
    expect(page.display).toBe('flex');
    expect(page.flexDirection).toBe('column');
    expect(page.minWidth).toMatch(/^0(px)?$/);
    expect(getComputedStyle(screen.getByTestId('actions')).flexWrap).toBe('wrap');
    expect(screen.getByRole('link', { name: 'One' })).toBeTruthy();
  });
});
