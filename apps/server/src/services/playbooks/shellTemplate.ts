import { renderTemplateTo, TemplateError, type TemplateFunction } from './template.ts';

/**
 * Templates in `exec.script` (issue 27 #3). A value never becomes shell code: each `{{…}}` puts its
 * value in an environment variable of the script (`OPSDECK_VALUE_<n>`) and a reference to it in the
 * script, written for where the reference stands — `"${V}"` in plain code, `${V}` inside double
 * quotes or a here-document, `'"${V}"'` inside single quotes. Bash expands a variable once and never
 * parses what it holds, so `$(…)`, backticks, `;`, quotes and newlines in a parameter, a webhook body
 * or an e-mail stay text. This is the only way values reach a script (with PARAM_<NAME> variables).
 *
 * The references contain no quote their context does not close again, so even where this reading of
 * the script's quoting were wrong, a value could only be split into words, never run. Places where
 * bash evaluates what a variable holds refuse a value: arithmetic (`$((…))`, `((…))`), right after a
 * backslash, and a quoted here-document (which would not expand it at all).
 */
export interface ShellScript {
  script: string;
  /** The values the script refers to, by variable name. */
  env: Record<string, string>;
}

export const SHELL_VALUE_PREFIX = 'OPSDECK_VALUE_';

type Frame =
  | { kind: 'code'; parens?: number; opened?: boolean; closer?: '`' | '}' }
  | { kind: 'double' }
  | { kind: 'single' }
  | { kind: 'ansi' }
  | { kind: 'arith'; parens: number };

interface HereDocument {
  delimiter: string;
  quoted: boolean;
  stripTabs: boolean;
}

interface HereWord {
  text: string;
  quoted: boolean;
  stripTabs: boolean;
  started: boolean;
  inQuote?: string | undefined;
  escape?: boolean;
}

const WORD_BREAK = new Set([' ', '\t', '\n', ';', '&', '|', '(', ')', '<', '>']);

/** Reads bash quoting as the script's own text goes by, to know where each value lands. */
export class ShellQuoting {
  private stack: Frame[] = [{ kind: 'code' }];
  private escaped = false;
  private comment = false;
  private previous = '\n';
  // `<<` seen: the delimiter word is being read, then the documents start after the line.
  private hereWord: HereWord | undefined;
  private pending: HereDocument[] = [];
  private document: (HereDocument & { line: string }) | undefined;
  private lessThan = 0;

  private top(): Frame {
    return this.stack[this.stack.length - 1]!;
  }

  feed(text: string): void {
    for (const char of text) this.step(char);
  }

  private step(char: string): void {
    const before = this.previous;
    this.previous = char;
    if (this.document) return this.documentChar(char);
    if (this.escaped) {
      this.escaped = false;
      return;
    }
    if (this.hereWord && this.hereWordChar(char)) return;
    const frame = this.top();
    if (frame.kind === 'code' && frame.opened) {
      frame.opened = false;
      // `$((`: arithmetic, not a command substitution.
      if (char === '(') {
        this.stack[this.stack.length - 1] = { kind: 'arith', parens: 2 };
        return;
      }
    }
    switch (frame.kind) {
      case 'single':
        if (char === "'") this.stack.pop();
        return;
      case 'ansi':
        if (char === '\\') this.escaped = true;
        else if (char === "'") this.stack.pop();
        return;
      case 'double':
        if (char === '\\') this.escaped = true;
        else if (char === '"') this.stack.pop();
        else this.expansion(char, before);
        return;
      case 'arith':
        if (char === '(') frame.parens += 1;
        else if (char === ')' && --frame.parens === 0) this.stack.pop();
        return;
      case 'code':
        return this.codeChar(frame, char, before);
    }
  }

  // `$(`, `${` and backticks open code inside code and double quotes alike.
  private expansion(char: string, before: string): boolean {
    if (char === '`') {
      this.stack.push({ kind: 'code', closer: '`' });
      return true;
    }
    if (before === '$' && char === '(') {
      this.stack.push({ kind: 'code', parens: 1, opened: true });
      return true;
    }
    if (before === '$' && char === '{') {
      this.stack.push({ kind: 'code', closer: '}' });
      return true;
    }
    return false;
  }

  private codeChar(frame: Frame & { kind: 'code' }, char: string, before: string): void {
    if (this.comment) {
      if (char !== '\n') return;
      this.comment = false;
    }
    if (char !== '<') this.lessThan = 0;
    if (char === '\n' && this.pending.length > 0) {
      this.document = { ...this.pending.shift()!, line: '' };
      return;
    }
    if (frame.closer && char === frame.closer) {
      this.stack.pop();
      return;
    }
    if (this.expansion(char, before)) return;
    switch (char) {
      case '\\':
        this.escaped = true;
        return;
      case "'":
        this.stack.push(before === '$' ? { kind: 'ansi' } : { kind: 'single' });
        return;
      case '"':
        this.stack.push({ kind: 'double' });
        return;
      case '#':
        if (WORD_BREAK.has(before)) this.comment = true;
        return;
      case '(':
        // `((` starting a command is arithmetic too.
        if (before === '(' && frame.parens === undefined) {
          this.stack.push({ kind: 'arith', parens: 2 });
          return;
        }
        if (frame.parens !== undefined) frame.parens += 1;
        return;
      case ')':
        if (frame.parens !== undefined && --frame.parens === 0) this.stack.pop();
        return;
      case '<':
        this.lessThan += 1;
        if (this.lessThan === 2)
          this.hereWord = { text: '', quoted: false, stripTabs: false, started: false };
        else if (this.lessThan === 3) this.hereWord = undefined; // `<<<`: a here-string
        return;
    }
  }

  // Reads the word after `<<` (`EOF`, `'EOF'`, `"EOF"`, `\EOF`, `-EOF`); true while it consumed char.
  private hereWordChar(char: string): boolean {
    const word = this.hereWord!;
    if (word.escape) {
      word.escape = false;
      word.text += char;
      return true;
    }
    if (word.inQuote) {
      if (char === word.inQuote) word.inQuote = undefined;
      else word.text += char;
      return true;
    }
    if (!word.started) {
      if (char === '<') return false; // `<<<`: a here-string, see codeChar
      if (char === '-' && !word.stripTabs) {
        word.stripTabs = true;
        return true;
      }
      if (char === ' ' || char === '\t') return true;
    }
    if (WORD_BREAK.has(char)) {
      if (word.started)
        this.pending.push({ delimiter: word.text, quoted: word.quoted, stripTabs: word.stripTabs });
      this.hereWord = undefined;
      return false;
    }
    word.started = true;
    // Any quoting in the word makes the document literal; the quotes are not part of the delimiter.
    if (char === "'" || char === '"') {
      word.quoted = true;
      word.inQuote = char;
    } else if (char === '\\') {
      word.quoted = true;
      word.escape = true;
    } else word.text += char;
    return true;
  }

  private documentChar(char: string): void {
    const document = this.document!;
    if (char !== '\n') {
      document.line += char;
      return;
    }
    const line = document.stripTabs ? document.line.replace(/^\t+/, '') : document.line;
    if (line === document.delimiter)
      this.document = this.pending.length > 0 ? { ...this.pending.shift()!, line: '' } : undefined;
    else document.line = '';
  }

  /** How a value held in variable `name` is written at this point of the script. */
  reference(name: string): string {
    if (this.escaped)
      throw new TemplateError(
        'exec.script: a template value right after a backslash cannot be placed safely',
      );
    if (this.hereWord)
      throw new TemplateError('exec.script: a template value cannot be a here-document delimiter');
    if (this.document) {
      if (this.document.quoted)
        throw new TemplateError(
          `exec.script: a template value inside a quoted here-document (<<'${this.document.delimiter}') would not be expanded; leave the delimiter unquoted`,
        );
      return `\${${name}}`;
    }
    const frame = this.top();
    if (this.comment) return `\${${name}}`;
    switch (frame.kind) {
      case 'arith':
        throw new TemplateError(
          'exec.script: a template value inside $((…)) or ((…)) would be evaluated by bash (which runs $(…) in it); check the value first, e.g. [[ $PARAM_X =~ ^[0-9]+$ ]]',
        );
      case 'double':
        return `\${${name}}`;
      case 'single':
      case 'ansi':
        return `'"\${${name}}"'`;
      case 'code':
        return `"\${${name}}"`;
    }
  }
}

/** Renders an exec script: values as variables (see above), within the template caps. */
export function renderShellScript(
  source: string,
  data: unknown,
  functions: Record<string, TemplateFunction> = {},
): ShellScript {
  if (!source.includes('{{')) return { script: source, env: {} };
  const quoting = new ShellQuoting();
  const out: string[] = [];
  const env: Record<string, string> = {};
  const names = new Map<string, string>();
  renderTemplateTo(source, data, functions, {
    text: (text) => {
      quoting.feed(text);
      out.push(text);
    },
    value: (text) => {
      let name = names.get(text);
      if (!name) {
        name = `${SHELL_VALUE_PREFIX}${names.size + 1}`;
        names.set(text, name);
        env[name] = text;
      }
      out.push(quoting.reference(name));
    },
  });
  return { script: out.join(''), env };
}
