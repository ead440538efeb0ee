import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { OpsdeckThemeProvider } from '../theme/ThemeProvider.tsx';
import { TagList } from './Tag.tsx';

const renderWithTheme = (ui: ReactNode) =>
  render(<OpsdeckThemeProvider>{ui}</OpsdeckThemeProvider>);

const tags = { zone: 'eu-west-1a', name: 'api', app: 'checkout', namespace: 'prod' };

describe('TagList', () => {
  it('shows every tag, in the product order, without a limit', () => {
    renderWithTheme(<TagList tags={tags} aria-label="Labels" />);
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual(['namespace:prod', 'name:api', 'app:checkout', 'zone:eu-west-1a']);
  });

  it('shows the first `max` tags and counts the rest, naming them in a title and to screen readers', () => {
    renderWithTheme(<TagList tags={tags} aria-label="Labels" max={2} />);
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]?.textContent).toBe('namespace:prod');
    expect(items[1]?.textContent).toBe('name:api');
    const more = items[2]!;
    expect(more.querySelector('[aria-hidden="true"]')?.textContent).toBe('+2');
    expect(more.getAttribute('title')).toBe('app: checkout, zone: eu-west-1a');
    expect(more.textContent).toContain('and 2 more: app: checkout, zone: eu-west-1a');
  });

  it('adds no count when every tag fits', () => {
    renderWithTheme(<TagList tags={{ app: 'checkout' }} max={2} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByText(/more/)).toBeNull();
  });
});
