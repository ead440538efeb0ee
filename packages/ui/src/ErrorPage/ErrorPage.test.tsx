import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OpsdeckThemeProvider } from '../theme/ThemeProvider.tsx';
import { testIds } from '../testIds.ts';
import { ErrorPage, NotFoundPage } from './ErrorPage.tsx';
import { PageHeadingLevelProvider } from './headingLevel.tsx';

const error = new Error('boom', { cause: new Error('disk full') });

describe('ErrorPage', () => {
  it('shows the title and message but no stack trace unless the app asks', () => {
    render(
      <OpsdeckThemeProvider>
        <ErrorPage error={error} />
      </OpsdeckThemeProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('boom')).toBeTruthy();
    expect(screen.queryByTestId(testIds.errorPage.stack)).toBeNull();
    expect(screen.queryByTestId(testIds.errorPage.cause)).toBeNull();
    expect(document.body.textContent).not.toContain('at ');
  });

  it('offers the stack and cause behind a closed Details disclosure when asked', () => {
    render(
      <OpsdeckThemeProvider>
        <ErrorPage error={error} showDetails />
      </OpsdeckThemeProvider>,
    );
    const disclosure = screen.getByText('Details').closest('details')!;
    expect(disclosure.open).toBe(false);
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('boom')).toBeTruthy();
    expect(screen.getByTestId(testIds.errorPage.stack).textContent).toContain('boom');
    expect(screen.getByTestId(testIds.errorPage.cause).textContent).toContain('disk full');
  });

  it('hides every detail when asked', () => {
    render(
      <OpsdeckThemeProvider>
        <ErrorPage error={error} hideDetails showDetails />
      </OpsdeckThemeProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.queryByText('boom')).toBeNull();
    expect(screen.queryByTestId(testIds.errorPage.stack)).toBeNull();
    expect(screen.queryByTestId(testIds.errorPage.cause)).toBeNull();
  });
});

describe('NotFoundPage', () => {
  it('says what was not found and offers the way back', () => {
    render(
      <OpsdeckThemeProvider>
        <NotFoundPage what="incident" back={<a href="/incidents">All incidents</a>} />
      </OpsdeckThemeProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Not found' })).toBeTruthy();
    expect(screen.getByText(/No incident has this address/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All incidents' }).getAttribute('href')).toBe(
      '/incidents',
    );
  });
});

describe('heading level', () => {
  it('is an h1 on a page of its own and an h2 under a header that holds the h1', () => {
    const { unmount } = render(
      <OpsdeckThemeProvider>
        <NotFoundPage what="incident" back={<a href="/incidents">All incidents</a>} />
      </OpsdeckThemeProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Not found', level: 1 })).toBeTruthy();
    unmount();
    render(
      <OpsdeckThemeProvider>
        <PageHeadingLevelProvider level={2}>
          <ErrorPage error={error} />
          <NotFoundPage what="incident" back={<a href="/incidents">All incidents</a>} />
        </PageHeadingLevelProvider>
      </OpsdeckThemeProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong', level: 2 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Not found', level: 2 })).toBeTruthy();
    expect(screen.queryAllByRole('heading', { level: 1 })).toHaveLength(0);
  });
});
