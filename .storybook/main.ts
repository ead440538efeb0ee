import type { StorybookConfig } from '@storybook/react-vite';

// One Storybook for the whole workspace: every package's stories, read from source.
// Build it from the repo root (`storybook build`): story titles are derived relative to the cwd.
const config: StorybookConfig = {
  stories: ['../packages/*/src/**/*.stories.@(ts|tsx)'],
  framework: { name: '@storybook/react-vite', options: {} },
  // CI and the test pipeline run offline.
  core: { disableTelemetry: true },
  async viteFinal(viteConfig) {
    const { mergeConfig } = await import('vite');
    const { sourceResolve } = await import('../vitest.shared.ts');
    return mergeConfig(viteConfig, {
      ...sourceResolve,
      build: {
        rollupOptions: {
          onwarn(warning: { code?: string }, warn: (w: unknown) => void) {
            // lucide-react and others ship "use client" for RSC; it means nothing in a static Storybook.
            if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
            warn(warning);
          },
        },
      },
    });
  },
};

export default config;
