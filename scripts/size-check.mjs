// The initial-JS budget check shared by the apps: the JavaScript a first visit loads (the entry
// script and what index.html preloads), gzip-compressed, against a budget. Lazy chunks are listed
// for information but not counted. `node scripts/size-check.mjs <dist> <budgetKB> <name>`, or import
// checkInitialJs from an app's own script when it checks more.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

/** The scripts a first visit loads: the entry and what index.html preloads, relative to `dist`. */
export function initialJsFiles(dist) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  return new Set(
    [
      ...html.matchAll(
        /<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="\.?\/?([^"]+\.js)"/g,
      ),
    ].map((match) => match[1]),
  );
}

/** Prints every chunk and the total; returns false (after saying why) when over budget. */
export function checkInitialJs(dist, budgetKB, name) {
  const initial = initialJsFiles(dist);
  if (initial.size === 0) {
    console.error(`size-check: no script found in ${join(dist, 'index.html')}`);
    return false;
  }
  const gzipKB = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;
  let total = 0;
  for (const file of initial) {
    const size = gzipKB(file);
    total += size;
    console.log(`initial  ${size.toFixed(1).padStart(7)} KB  ${file}`);
  }
  for (const file of readdirSync(join(dist, 'assets')).filter((entry) => entry.endsWith('.js'))) {
    if (!initial.has(`assets/${file}`))
      console.log(`lazy     ${gzipKB(`assets/${file}`).toFixed(1).padStart(7)} KB  assets/${file}`);
  }
  console.log(`${name}: initial JS ${total.toFixed(1)} KB gzip, budget ${budgetKB} KB`);
  if (total > budgetKB) {
    console.error(
      `size-check: ${name} initial JS ${total.toFixed(1)} KB gzip is over the ${budgetKB} KB budget`,
    );
    return false;
  }
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [dist, budget, name = dist] = process.argv.slice(2);
  if (!dist || !Number(budget)) {
    console.error('usage: node scripts/size-check.mjs <dist> <budgetKB> [name]');
    process.exit(2);
  }
  if (!checkInitialJs(dist, Number(budget), name)) process.exit(1);
}
