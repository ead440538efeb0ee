import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OpsdeckThemeProvider } from '../theme/ThemeProvider.tsx';
import { testIds } from '../testIds.ts';
import { ErrorPage } from './ErrorPage.tsx';

const error = new Error('boom', { cause: new Error('disk full') });

describe('ErrorPage', () => {
  it('shows the title, message, stack and cause', () => {
    render(
      <OpsdeckThemeProvider>
        <ErrorPage error={error} />
      </OpsdeckThemeProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('boom')).toBeTruthy();
    expect(screen.getByTestId(testIds.errorPage.stack).textContent).toContain('boom');
    expect(screen.getByTestId(testIds.errorPage.cause).textContent).toContain('disk full');
  });

  it('hides every detail when asked', () => {
    render(
      <OpsdeckThemeProvider>
        <ErrorPage error={error} hideDetails />
      </OpsdeckThemeProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.queryByText('boom')).toBeNull();
    expect(screen.queryByTestId(testIds.errorPage.stack)).toBeNull();
    expect(screen.queryByTestId(testIds.errorPage.cause)).toBeNull();
  });
});
