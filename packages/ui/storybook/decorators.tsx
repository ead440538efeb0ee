// Providers every story renders inside, shared by the workspace Storybook (.storybook/preview.tsx)
// and the story test (src/stories.test.tsx). Lives in the ui package so react-router and
// styled-components resolve from its own dependencies.
import type { Decorator } from '@storybook/react';
import { MemoryRouter } from 'react-router';
import { useReactRouterUrlState } from '../src/routing/reactRouterUrlState.ts';
import { UrlStateProvider } from '../src/routing/UrlState.tsx';
import { OpsdeckThemeProvider, type ThemeModePreference } from '../src/theme/index.ts';
import { ToastProvider } from '../src/Toast/index.ts';

export interface RouterParameter {
  initialEntries?: string[];
}

export const withOpsdeckProviders: Decorator = (Story, context) => {
  const theme = (context.globals['theme'] ?? 'light') as ThemeModePreference;
  const router = context.parameters['router'] as RouterParameter | false | undefined;
  const content = (
    <OpsdeckThemeProvider mode={theme}>
      <ToastProvider>
        <Story />
      </ToastProvider>
    </OpsdeckThemeProvider>
  );
  // Stories that bring their own router set `parameters: { router: false }`.
  if (router === false) return content;
  // Under the router, URL state reads through it, as every page of the console does.
  return (
    <MemoryRouter initialEntries={router?.initialEntries ?? ['/']}>
      <UrlStateProvider binding={useReactRouterUrlState}>{content}</UrlStateProvider>
    </MemoryRouter>
  );
};
