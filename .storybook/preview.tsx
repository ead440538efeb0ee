import type { Preview } from '@storybook/react-vite';
// .storybook is not a package: the decorators live in @opsdeck/ui, next to the providers they use.
import { withOpsdeckProviders } from '../packages/ui/storybook/decorators.tsx';

const preview: Preview = {
  decorators: [withOpsdeckProviders],
  globalTypes: {
    theme: {
      description: 'Colour theme',
      toolbar: {
        title: 'Theme',
        icon: 'contrast',
        items: [
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' },
          { value: 'system', title: 'Follow OS', icon: 'browser' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light' },
  parameters: {
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
  },
};

export default preview;
