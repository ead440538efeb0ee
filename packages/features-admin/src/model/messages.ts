/** A failure as people read it: the server's message when it sent one. */
export function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'An error occurred';
}
