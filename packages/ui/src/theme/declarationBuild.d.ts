// For the declaration build only. tsup's dts step (rollup-plugin-dts 6.1) gives each entry but the
// first its own TypeScript program, and a program rooted at a subpath (DataTable/index.ts) never
// reaches themes.ts, whose styled-components DefaultTheme augmentation every styled part needs.
// Every program does get the tsconfig's .d.ts files, so this one pulls themes.ts into each.
import type {} from './themes.ts';
