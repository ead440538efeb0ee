import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { plugin as opsdeck } from '@opsdeck/eslint-plugin';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/storybook-static/**',
      '**/.turbo/**',
      '**/coverage/**',
      '**/.opsdeck/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { opsdeck, 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      // Workspace packages resolve to their source, as in tests and apps (the @opsdeck/source condition).
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          conditionNames: ['@opsdeck/source', 'types', 'import', 'default'],
        }),
      ],
    },
    rules: {
      'opsdeck/layering': 'error',
      'opsdeck/slots-entry': 'error',
      // A module cycle (type-only imports aside) is a layering mistake inside a package: the console's
      // main -> createConsole -> routes -> pages -> context -> createConsole was one.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // One import style: a relative import names its file with its extension ('./x.ts'), as Node's
      // ESM resolution does; packages by their exports map.
      'import-x/extensions': ['error', 'always', { ignorePackages: true, checkTypeImports: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // Plain modules load no React and no TanStack Query (issue 32 §1): contracts, the api-client's
  // schema entries and grammar, and the server, which may load only the plain workspace entries.
  {
    files: [
      'packages/contracts/src/**/*.ts',
      'packages/api-client/src/*/schemas.ts',
      'packages/api-client/src/{looseObject,schemaParts}.ts',
      'packages/api-client/src/postgrest/**/*.ts',
    ],
    ignores: ['**/*.test.ts'],
    rules: { 'opsdeck/plain-module': 'error' },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    // Tests may drive the server as a client would; the bench is such a client.
    ignores: ['**/*.test.ts', '**/*.test.helper.ts', 'apps/server/src/bench/**'],
    rules: {
      'opsdeck/plain-module': [
        'error',
        {
          onlyOpsdeck: [
            '@opsdeck/api-client/catalog/schemas',
            '@opsdeck/api-client/health/schemas',
            '@opsdeck/api-client/postgrest',
            '@opsdeck/api-client/topology/schemas',
            '@opsdeck/contracts',
            '@opsdeck/rbac',
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
