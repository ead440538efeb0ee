import { layering } from './layering.js';
import { slotsEntry } from './slotsEntry.js';

export const plugin = {
  meta: { name: '@opsdeck/eslint-plugin' },
  rules: { layering, 'slots-entry': slotsEntry },
};
