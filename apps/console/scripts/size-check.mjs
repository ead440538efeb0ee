// Fails when the JavaScript a first visit loads (the entry script and what index.html preloads) is
// over the console's budget (issue 6: 300 KB gzip). Lazy chunks (routes, auth pages, CodeMirror)
// are listed for information but not counted.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const budgetKB = Number(process.env.CONSOLE_BUDGET_KB ?? 300);
const dist = new URL('../dist/', import.meta.url).pathname;
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const initial = new Set(
  [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="\.?\/?([^"]+\.js)"/g)].map((match) => match[1]),
);
if (initial.size === 0) {
  console.error('size-check: no script found in dist/index.html');
  process.exit(1);
}
const gzipKB = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;
let total = 0;
for (const file of initial) {
  const size = gzipKB(file);
  total += size;
  console.log(`initial  ${size.toFixed(1).padStart(7)} KB  ${file}`);
}
for (const file of readdirSync(join(dist, 'assets')).filter((name) => name.endsWith('.js'))) {
  if (!initial.has(`assets/${file}`)) console.log(`lazy     ${gzipKB(`assets/${file}`).toFixed(1).padStart(7)} KB  assets/${file}`);
}
console.log(`initial JS ${total.toFixed(1)} KB gzip, budget ${budgetKB} KB`);
// The default (Kratos) build must not carry the hosted SDK at all, not even as a lazy chunk: main.tsx
// compares VITE_OPSDECK_AUTH literally so the bundler drops the hosted branch.
if (process.env.VITE_OPSDECK_AUTH !== 'hosted') {
  const withClerk = readdirSync(join(dist, 'assets')).filter((name) => name.endsWith('.js') && /@clerk\/|clerk\.accounts|ClerkProvider/.test(readFileSync(join(dist, 'assets', name), 'utf8')));
  if (withClerk.length > 0) {
    console.error(`size-check: the Kratos build contains hosted SDK code in ${withClerk.join(', ')}`);
    process.exit(1);
  }
}
if (total > budgetKB) {
  console.error(`size-check: initial JS ${total.toFixed(1)} KB gzip is over the ${budgetKB} KB budget`);
  process.exit(1);
}
