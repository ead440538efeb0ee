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
});
