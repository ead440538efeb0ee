// Typed text searched for as itself in a PostgREST `like`/`ilike` filter. The server (like PostgREST)
// turns every unescaped `*` into LIKE's `%`; `%` and `_` are LIKE's own wildcards and `\` its escape
// character, so each of the four is written after a backslash (`\*` is a literal star, LIKE
// giving `*` no meaning of its own).

/** `text` with the like-pattern wildcards `*`, `%`, `_` and the escape `\` each escaped. */
export function escapeLikePattern(text: string): string {
  return text.replace(/[*%_\\]/g, (char) => `\\${char}`);
}

/** The `like`/`ilike` pattern for values that contain `text` literally: `*<escaped text>*`. */
export function likeContaining(text: string): string {
  return `*${escapeLikePattern(text)}*`;
}
