import Ajv from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { format, resolveConfig } from 'prettier';
import { toJSONSchema, type core } from 'zod/mini';

// Reply checks as plain code, made from the zod schemas ahead of time: zod's own fast path compiles
// with `new Function`, which the strict CSP (no 'unsafe-eval') forbids, and without it validating a
// 10,000-check summary costs more than the rest of the page's first render. The schema goes through
// zod's JSON Schema export (its input side: a transform's input is what arrives) into Ajv's
// standalone generator; the module has no imports and no eval. A test compares it with the committed
// file, so a schema change without regenerating fails.

/** An ES module exporting, for each name, a function `(reply) => boolean` that accepts what the schema accepts. */
export async function generateCheckModule(
  schemas: Record<string, core.$ZodType>,
  source: string,
  target: string,
): Promise<string> {
  const ajv = new Ajv({
    code: { source: true, esm: true, lines: true },
    // Only whether the reply passes is used: zod itself names what is wrong with one that does not.
    messages: false,
    strict: true,
  });
  const exports: Record<string, string> = {};
  for (const [name, schema] of Object.entries(schemas)) {
    ajv.addSchema(toJSONSchema(schema, { io: 'input', target: 'draft-7' }), name);
    exports[name] = name;
  }
  const code = standaloneCode(ajv, exports);
  if (/\brequire\(|\bimport\b/.test(code))
    throw new Error('the generated check needs Ajv at runtime; keep the schema to plain types');
  const module = [
    `// Generated from ${source} by generateCheckModule (checkCode.test.helper.ts); do not edit.`,
    '// Run `pnpm --filter @opsdeck/api-client run generate` after changing the schema.',
    '/* eslint-disable */',
    '// @ts-nocheck',
    code.replace(/^"use strict";/, ''),
  ].join('\n');
  return format(module, { ...(await resolveConfig(target)), filepath: target });
}
