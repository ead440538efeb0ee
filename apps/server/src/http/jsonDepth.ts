/**
 * How deep a request body's arrays and objects may nest. No document this server takes (rows,
 * canary specs, rpc arguments) comes near it, while a 10k-deep one parses and then overflows the
 * stack of whatever walks it next (JSON.stringify, Postgres' jsonb input).
 */
export const MAX_JSON_DEPTH = 64;

/** Whether the JSON text nests deeper than `limit`: one pass over the text, before any parse. */
export function jsonNestsDeeperThan(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (inString) {
      // A backslash escapes the next character (`\"` stays inside the string).
      if (code === 0x5c) i += 1;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x5b || code === 0x7b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (code === 0x5d || code === 0x7d) {
      depth -= 1;
    }
  }
  return false;
}
