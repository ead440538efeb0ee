/**
 * Malformed PostgREST syntax. The server answers it with a 400; `message` is meant for that reply.
 */
export class PostgrestParseError extends Error {
  override readonly name = 'PostgrestParseError';
  /** The text that failed to parse. */
  readonly input: string;
  /** Offset in `input` where parsing stopped, when known. */
  readonly position: number | undefined;
  /** The query parameter the text came from, when parsed through `parseQuery`. */
  readonly param: string | undefined;

  constructor(message: string, input: string, position?: number, param?: string) {
    super(message);
    this.input = input;
    this.position = position;
    this.param = param;
  }
}
