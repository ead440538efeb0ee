import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigLink, ConfigLinksProvider } from './ConfigLink.tsx';

afterEach(cleanup);

function Where() {
  const location = useLocation();
  return <output aria-label="where">{location.pathname}</output>;
}

describe('ConfigLink', () => {
  it('links under the router’s basename and opens the config in the page', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <ConfigLinksProvider>
              <ConfigLink id="a b/1">orders-db</ConfigLink>
              <Where />
            </ConfigLinksProvider>
          ),
        },
      ],
      { basename: '/console', initialEntries: ['/console/catalog'] },
    );
    render(<RouterProvider router={router} />);
    const link = screen.getByRole('link', { name: 'orders-db' });
    expect(link.getAttribute('href')).toBe('/console/catalog/a%20b%2F1');
    await userEvent.click(link);
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'where' }).textContent).toBe('/catalog/a%20b%2F1'),
    );
  });
});
