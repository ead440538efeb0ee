import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OpsdeckThemeProvider } from '../theme/ThemeProvider.tsx';
import { UnauthorizedPage } from './UnauthorizedPage.tsx';

describe('UnauthorizedPage', () => {
  it('tells the user they lack permission', () => {
    render(
      <OpsdeckThemeProvider>
        <UnauthorizedPage />
      </OpsdeckThemeProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Unauthorized' })).toBeTruthy();
    expect(screen.getByText('You do not have permission to access this page')).toBeTruthy();
  });
});
