// The console's first load against its budget (issue 6/7: 300 KB gzip); routes, auth pages and
// CodeMirror load later and are not counted. Also: the default (Kratos) build carries no hosted SDK.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { checkInitialJs } from '../../../scripts/size-check.mjs';

const dist = new URL('../dist/', import.meta.url).pathname;
let ok = checkInitialJs(dist, Number(process.env.CONSOLE_BUDGET_KB ?? 300), 'console');
// main.tsx compares VITE_OPSDECK_AUTH literally so the bundler drops the hosted branch entirely,
// not even a lazy chunk.
if (process.env.VITE_OPSDECK_AUTH !== 'hosted') {
  const withClerk = readdirSync(join(dist, 'assets')).filter(
    (name) =>
      name.endsWith('.js') &&
      /@clerk\/|clerk\.accounts|ClerkProvider/.test(
        readFileSync(join(dist, 'assets', name), 'utf8'),
      ),
  );
  if (withClerk.length > 0) {
    console.error(
      `size-check: the Kratos build contains hosted SDK code in ${withClerk.join(', ')}`,
    );
    ok = false;
  }
}
if (!ok) process.exit(1);
