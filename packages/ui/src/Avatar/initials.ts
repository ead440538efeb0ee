/**
 * Initials of up to the first two words of a name ("Jane van Doe" -> "JV"); '' when there is none.
 * Only words that start with a letter or digit count, so "Admin (demo)" is "A", not "A(".
 */
export function initialsOf(name: string | null | undefined): string {
  return (name ?? '')
    .trim()
    .split(/\s+/)
    .map((word) => Array.from(word)[0] ?? '')
    .filter((first) => /^[\p{L}\p{N}]$/u.test(first))
    .slice(0, 2)
    .map((first) => first.toUpperCase())
    .join('');
}
