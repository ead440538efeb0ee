import type { StorybookConfig } from '@storybook/react-vite';

// One Storybook for the whole workspace: every package's stories, read from source.
const config: StorybookConfig = {
  stories: ['../packages/*/src/**/*.stories.@(ts|tsx)'],
  framework: { name: '@storybook/react-vite', options: {} },
  async viteFinal(viteConfig) {
    const { mergeConfig } = await import('vite');
    const { sourceResolve } = await import('../vitest.shared.ts');
    return mergeConfig(viteConfig, sourceResolve);
  },
};

export default config;
