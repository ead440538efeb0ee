import { PostgrestParseError } from './errors.ts';

// Characters that end an unquoted value or name somewhere in the grammar; a value containing any of
// them (or whitespace, or nothing at all) is written in double quotes with `"` and `\` escaped.
const reservedInValues = /[,.:()"\\\s]/u;

export function quoteValue(value: string): string {
  return `"${value.replace(/["\\]/g, (ch) => `\\${ch}`)}"`;
}

/** Quotes a value for an `in.(...)` list or a logic tree when PostgREST would misread it bare. */
export function quoteIfReserved(value: string): string {
  return value === '' || reservedInValues.test(value) ? quoteValue(value) : value;
}

/** A cursor over one piece of grammar text with helpers that fail with a `PostgrestParseError`. */
export class Scanner {
  pos = 0;
  constructor(
    readonly input: string,
    readonly what: string,
  ) {}

  get done(): boolean {
    return this.pos >= this.input.length;
  }

  peek(offset = 0): string | undefined {
    return this.input[this.pos + offset];
  }

  startsWith(text: string): boolean {
    return this.input.startsWith(text, this.pos);
  }

  fail(problem: string, at = this.pos): never {
    throw new PostgrestParseError(
      `Invalid ${this.what} "${this.input}": ${problem} at position ${at}`,
      this.input,
      at,
    );
  }

  describeNext(): string {
    const next = this.peek();
    return next === undefined ? 'end of input' : `"${next}"`;
  }

  expect(text: string): void {
    if (!this.startsWith(text)) this.fail(`expected "${text}" but found ${this.describeNext()}`);
    this.pos += text.length;
  }

  skipSpaces(): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.pos += 1;
  }

  /** Reads `"..."` with backslash escapes; the cursor must be on the opening quote. */
  readQuoted(): string {
    const start = this.pos;
    this.expect('"');
    let out = '';
    for (;;) {
      const ch = this.peek();
      if (ch === undefined) this.fail('unterminated quoted value', start);
      this.pos += 1;
      if (ch === '"') return out;
      if (ch === '\\') {
        const escaped = this.peek();
        if (escaped === undefined) this.fail('dangling backslash in quoted value', this.pos - 1);
        out += escaped;
        this.pos += 1;
      } else {
        out += ch;
      }
    }
  }

  /** Reads characters up to (not including) the first one for which `stop` is true. */
  readWhile(accept: (ch: string, scanner: Scanner) => boolean): string {
    const start = this.pos;
    while (!this.done && accept(this.input[this.pos] as string, this)) this.pos += 1;
    return this.input.slice(start, this.pos);
  }

  /** A quoted value, or a bare run of characters that are not in `stops`. */
  readValue(stops: string): { text: string; quoted: boolean } {
    if (this.peek() === '"') return { text: this.readQuoted(), quoted: true };
    const text = this.readWhile((ch) => !stops.includes(ch));
    if (text.includes('"')) this.fail('a double quote may only open a quoted value');
    return { text, quoted: false };
  }
}
