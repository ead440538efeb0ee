import { definePackageBuild } from '../../tsup.shared.ts';

// Each service module's migrations are read at runtime from beside the bundled code
// (dist/services/{name}/migrations, see servicesRoot in src/db/migrate.ts), so they are copied there.
export default definePackageBuild(
  { cli: 'src/cli.ts', bench: 'src/bench/bench.ts' },
  {
    onSuccess:
      'rm -rf dist/migrations dist/services && for dir in src/services/*/migrations; do name=$(basename $(dirname $dir)); mkdir -p dist/services/$name && cp -r $dir dist/services/$name/; done',
  },
);
