import { definePackageBuild } from '../../tsup.shared.ts';

// The server is an app, not a library: no declarations, and the workspace packages it uses are
// bundled from their source (the @opsdeck/source condition), so `pnpm start` builds no package first.
// Each service module's migrations are read at runtime from beside the bundled code
// (dist/services/{name}/migrations, see servicesRoot in src/db/migrate.ts), so they are copied there.
export default definePackageBuild(
  { cli: 'src/cli.ts', bench: 'src/bench/bench.ts' },
  {
    dts: false,
    noExternal: [/^@opsdeck\//],
    esbuildOptions(options) {
      options.conditions = ['@opsdeck/source'];
    },
    onSuccess:
      'rm -rf dist/migrations dist/services && for dir in src/services/*/migrations; do name=$(basename $(dirname $dir)); mkdir -p dist/services/$name && cp -r $dir dist/services/$name/; done',
  },
);
