import { layering } from './layering.js';

export const plugin = {
  meta: { name: '@opsdeck/eslint-plugin' },
  rules: { layering },
};
