import { layering } from './layering.js';
import { plainModule } from './plainModule.js';
import { slotsEntry } from './slotsEntry.js';

export const plugin = {
  meta: { name: '@opsdeck/eslint-plugin' },
  rules: { layering, 'plain-module': plainModule, 'slots-entry': slotsEntry },
};
