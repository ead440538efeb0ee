/// <reference types="vite/client" />
// Renders every story of the package (parts A, B and C alike) with its args, inside the same
// providers as Storybook, and checks the result with axe-core: a story is a screen state a designer
// signed off, so it must be accessible.
import { act, render } from '@testing-library/react';
import { composeStories, setProjectAnnotations } from '@storybook/react';
import type { Meta } from '@storybook/react';
import type { ComponentType, ReactNode } from 'react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import preview from '../../../.storybook/preview.tsx';

setProjectAnnotations(preview);

type StoryModule = Parameters<typeof composeStories>[0] & { default: Meta };

const modules = import.meta.glob<StoryModule>('./**/*.stories.tsx', { eager: true });

function PageMain({ children }: { children?: ReactNode }) {
  return <main>{children}</main>;
}

async function axeViolations(): Promise<axe.Result[]> {
  // document.body, not the container: modals and toasts are portalled next to it. An element
  // context (not the document) also keeps page-level rules (h1, landmarks, title) out of scope.
  const results = await axe.run(document.body, {
    // Only violations are read: axe then skips building selectors and HTML for every node that
    // passed, most of its time on a story (issue 31).
    resultTypes: ['violations'],
    rules: {
      // jsdom does no layout or style cascade, so axe cannot compute colour contrast there;
      // the themes are checked for contrast by hand (see theme/themes.ts).
      'color-contrast': { enabled: false },
    },
  });
  return results.violations;
}

function describeViolations(violations: axe.Result[]): string {
  return violations
    .map((v) => `${v.id}: ${v.help}\n${v.nodes.map((n) => `  ${n.html}`).join('\n')}`)
    .join('\n');
}

describe.each(Object.entries(modules))('%s', (_path, module) => {
  const stories = Object.entries(composeStories(module)) as [string, ComponentType][];

  it.each(stories)('%s renders without accessibility violations', async (_name, Story) => {
    // In the console every screen renders inside the layout's <main> landmark; so do stories here.
    const { unmount } = render(<Story />, { wrapper: PageMain });
    // Let effects settle (focus moves, portals, lazy state) before auditing.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    const violations = await axeViolations();
    expect(violations, describeViolations(violations)).toEqual([]);
    unmount();
  });
});
