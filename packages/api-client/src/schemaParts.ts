import * as z from 'zod/mini';

// Replies are loose objects: a newer backend may add fields, and the console must keep working.
// Go encodes empty slices as null, so lists accept null and read as empty. Built on zod/mini: its
// functional API tree-shakes, so the health embed ships ~20 KB of zod (minified) instead of ~86 KB.
export const text = z.string();
export const maybeText = z.nullish(z.string());
export const maybeNumber = z.nullish(z.number());
export const maybeBoolean = z.nullish(z.boolean());
export const labels = z.nullish(z.record(z.string(), z.string()));
export const listOf = <T extends z.ZodMiniType>(item: T) =>
  z.pipe(
    z.nullish(z.array(item)),
    z.transform((items: z.output<T>[] | null | undefined) => items ?? []),
  );
