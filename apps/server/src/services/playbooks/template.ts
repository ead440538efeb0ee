/**
 * The Go text/template subset playbook specs use (`{{.config.name}}`, `{{index .check.labels "pod"}}`,
 * `{{$x := (getAction "a").result.json | json}}`, `{{if …}}…{{else}}…{{end}}`, `{{range}}`, `{{with}}`,
 * pipelines, `{{-` trimming). No maintained JavaScript implementation of Go templates exists on npm
 * (the few packages are unmaintained partial ports), so the subset is written here. Differences
 * from Go on purpose: a missing key renders as "" (Go prints `<no value>`, which no script wants),
 * and maps and lists render as JSON.
 */

export class TemplateError extends Error {}

/**
 * Evaluation steps one render may take (each node, each pipeline command, and each 256 characters a
 * function returns or the output grows by count as one). A template is authored by an editor but
 * its data may come from an anonymous webhook body: a loop over that data must not hold the event
 * loop (issue 27 #12). The cap is far above what a playbook needs and is reached in tens of ms.
 */
export const TEMPLATE_STEP_CAP = 50_000;
/** Characters one render may produce (and any one value inside it may hold). */
export const TEMPLATE_OUTPUT_CAP = 1024 * 1024;
// Text between {{ and }}: no real action comes near; the tokenizer need not be linear beyond it.
const ACTION_CAP = 16 * 1024;

/** Where rendered text goes: the template's own text, and each value a `{{…}}` prints. */
export interface TemplateSink {
  text(text: string): void;
  /** A printed value (printValue's text). */
  value(text: string): void;
}

export type TemplateFunction = (...args: unknown[]) => unknown;

type Term =
  | { kind: 'field'; base: 'dot' | { variable: string } | { pipe: Pipeline }; path: string[] }
  | { kind: 'literal'; value: unknown }
  | { kind: 'call'; name: string };

interface Command {
  head: Term;
  args: Term[];
}

interface Pipeline {
  declare?: { name: string; assign: boolean };
  commands: Command[];
}

type Node =
  | { kind: 'text'; text: string }
  | { kind: 'print'; pipe: Pipeline }
  | { kind: 'if' | 'with'; pipe: Pipeline; then: Node[]; otherwise: Node[] }
  | { kind: 'range'; pipe: Pipeline; body: Node[]; otherwise: Node[] };

// ------------------------------------------------------------------ lexing actions

interface Token {
  type: 'ident' | 'field' | 'var' | 'string' | 'number' | 'punct';
  text: string;
}

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < source.length) {
    const rest = source.slice(at);
    const space = /^\s+/.exec(rest);
    if (space) {
      at += space[0].length;
      continue;
    }
    const match =
      /^(:=|[|()=,])/.exec(rest) ??
      /^"(?:[^"\\]|\\.)*"/.exec(rest) ??
      /^`[^`]*`/.exec(rest) ??
      /^-?\d+(?:\.\d+)?/.exec(rest) ??
      /^\$[A-Za-z0-9_]*(?:\.[A-Za-z0-9_-]+)*/.exec(rest) ??
      /^(?:\.[A-Za-z0-9_-]+)+|^\./.exec(rest) ??
      /^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_-]+)*/.exec(rest);
    if (!match) throw new TemplateError(`unexpected "${rest[0]}" in template action`);
    const text = match[0];
    const type: Token['type'] = /^(:=|[|()=,])$/.test(text)
      ? 'punct'
      : text.startsWith('"') || text.startsWith('`')
        ? 'string'
        : /^-?\d/.test(text)
          ? 'number'
          : text.startsWith('$')
            ? 'var'
            : text.startsWith('.')
              ? 'field'
              : 'ident';
    tokens.push({ type, text });
    at += text.length;
  }
  return tokens;
}

function unquote(text: string): string {
  if (text.startsWith('`')) return text.slice(1, -1);
  return JSON.parse(text) as string;
}

class ActionParser {
  private at = 0;
  constructor(private readonly tokens: Token[]) {}

  done(): boolean {
    return this.at >= this.tokens.length;
  }

  pipeline(): Pipeline {
    const pipe: Pipeline = { commands: [] };
    const [first, second] = [this.tokens[this.at], this.tokens[this.at + 1]];
    if (first?.type === 'var' && (second?.text === ':=' || second?.text === '=')) {
      pipe.declare = { name: first.text, assign: second.text === '=' };
      this.at += 2;
    }
    for (;;) {
      pipe.commands.push(this.command());
      if (this.tokens[this.at]?.text !== '|') break;
      this.at += 1;
    }
    return pipe;
  }

  private command(): Command {
    const terms: Term[] = [];
    while (!this.done()) {
      const token = this.tokens[this.at]!;
      if (token.text === '|' || token.text === ')') break;
      terms.push(this.term());
    }
    if (terms.length === 0) throw new TemplateError('missing value in template action');
    return { head: terms[0]!, args: terms.slice(1) };
  }

  private term(): Term {
    const token = this.tokens[this.at++]!;
    switch (token.type) {
      case 'string':
        return { kind: 'literal', value: unquote(token.text) };
      case 'number':
        return { kind: 'literal', value: Number(token.text) };
      case 'field':
        return { kind: 'field', base: 'dot', path: token.text.split('.').filter(Boolean) };
      case 'var': {
        const [name, ...path] = token.text.split('.');
        return { kind: 'field', base: { variable: name! }, path };
      }
      case 'ident': {
        if (token.text === 'true' || token.text === 'false')
          return { kind: 'literal', value: token.text === 'true' };
        if (token.text === 'nil') return { kind: 'literal', value: undefined };
        const [name, ...path] = token.text.split('.');
        if (path.length === 0) return { kind: 'call', name: name! };
        // `getLastAction.result.slack`: a niladic function's result, then fields of it.
        return {
          kind: 'field',
          base: { pipe: { commands: [{ head: { kind: 'call', name: name! }, args: [] }] } },
          path,
        };
      }
      default: {
        if (token.text !== '(') throw new TemplateError(`unexpected "${token.text}"`);
        const inner = this.pipeline();
        if (this.tokens[this.at++]?.text !== ')') throw new TemplateError('unclosed "("');
        const next = this.tokens[this.at];
        // `(getAction "a").result.json`: the lexer reads the trailing fields as one field token.
        if (next?.type === 'field' && next.text !== '.') {
          this.at += 1;
          return {
            kind: 'field',
            base: { pipe: inner },
            path: next.text.split('.').filter(Boolean),
          };
        }
        return { kind: 'field', base: { pipe: inner }, path: [] };
      }
    }
  }
}

// ------------------------------------------------------------------ parsing the template

interface Chunk {
  text?: string;
  action?: string;
}

function split(source: string): Chunk[] {
  const chunks: Chunk[] = [];
  let at = 0;
  while (at < source.length) {
    const open = source.indexOf('{{', at);
    if (open < 0) {
      chunks.push({ text: source.slice(at) });
      break;
    }
    let text = source.slice(at, open);
    let start = open + 2;
    if (source[start] === '-' && /\s/.test(source[start + 1] ?? '')) {
      text = text.replace(/\s+$/, '');
      start += 1;
    }
    const close = source.indexOf('}}', start);
    if (close < 0) throw new TemplateError('unclosed action: "{{" without "}}"');
    let end = close;
    let after = close + 2;
    if (source[close - 1] === '-' && /\s/.test(source[close - 2] ?? '')) {
      end = close - 1;
      const trailing = /^\s*/.exec(source.slice(after))![0];
      after += trailing.length;
    }
    if (text) chunks.push({ text });
    if (end - start > ACTION_CAP)
      throw new TemplateError(`a template action is longer than ${ACTION_CAP} characters`);
    const action = source.slice(start, end).trim();
    // Comments ({{/* … */}}) print nothing.
    if (!action.startsWith('/*')) chunks.push({ action });
    at = after;
  }
  return chunks;
}

function parseNodes(chunks: Chunk[], at: { n: number }, stopAt: string[]): [Node[], string] {
  const nodes: Node[] = [];
  while (at.n < chunks.length) {
    const chunk = chunks[at.n++]!;
    if (chunk.text !== undefined) {
      nodes.push({ kind: 'text', text: chunk.text });
      continue;
    }
    const action = chunk.action!;
    const keyword = /^(if|else if|else|end|range|with)\b/.exec(action)?.[1];
    if (keyword === 'end' || keyword === 'else' || keyword === 'else if') {
      if (!stopAt.includes(keyword)) throw new TemplateError(`unexpected {{${keyword}}}`);
      if (keyword === 'else if') at.n -= 1;
      return [nodes, keyword];
    }
    if (keyword === 'if' || keyword === 'with' || keyword === 'range') {
      const pipe = pipelineOf(action.slice(keyword.length));
      const [then, stop] = parseNodes(chunks, at, ['else', 'else if', 'end']);
      let otherwise: Node[] = [];
      if (stop === 'else if') {
        // `{{else if x}}` is an else holding an if that shares the final {{end}}.
        const elseIf = chunks[at.n]!;
        elseIf.action = elseIf.action!.replace(/^else\s+/, '');
        otherwise = parseBranch(chunks, at);
      } else if (stop === 'else') {
        [otherwise] = parseNodes(chunks, at, ['end']);
      }
      nodes.push(
        keyword === 'range'
          ? { kind: 'range', pipe, body: then, otherwise }
          : { kind: keyword, pipe, then, otherwise },
      );
      continue;
    }
    nodes.push({ kind: 'print', pipe: pipelineOf(action) });
  }
  if (stopAt.length > 0) throw new TemplateError('missing {{end}}');
  return [nodes, ''];
}

// An `if` that began as `else if`: its own branches, ending at the enclosing {{end}}.
function parseBranch(chunks: Chunk[], at: { n: number }): Node[] {
  const chunk = chunks[at.n++]!;
  const pipe = pipelineOf(chunk.action!.slice('if'.length));
  const [then, stop] = parseNodes(chunks, at, ['else', 'else if', 'end']);
  let otherwise: Node[] = [];
  if (stop === 'else if') {
    chunks[at.n]!.action = chunks[at.n]!.action!.replace(/^else\s+/, '');
    otherwise = parseBranch(chunks, at);
  } else if (stop === 'else') [otherwise] = parseNodes(chunks, at, ['end']);
  return [{ kind: 'if', pipe, then, otherwise }];
}

function pipelineOf(source: string): Pipeline {
  const parser = new ActionParser(tokenize(source));
  const pipe = parser.pipeline();
  if (!parser.done()) throw new TemplateError(`unexpected text in action "${source.trim()}"`);
  return pipe;
}

/** Parses a template once (a syntax error throws TemplateError naming the problem). */
export function parseTemplate(source: string): Node[] {
  return parseNodes(split(source), { n: 0 }, [])[0];
}

// ------------------------------------------------------------------ evaluation

function fieldOf(value: unknown, key: string): unknown {
  if (value === null || value === undefined || typeof value !== 'object') return undefined;
  return Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined;
}

function truthy(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === 0 || value === '')
    return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

/** How a value prints into the text: strings as they are, maps and lists as JSON. */
export function printValue(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function shellQuote(value: unknown): string {
  return `'${printValue(value).replaceAll("'", `'\\''`)}'`;
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return printValue(a) < printValue(b) ? -1 : printValue(a) > printValue(b) ? 1 : 0;
}

function printf(format: unknown, ...args: unknown[]): string {
  let n = 0;
  return printValue(format).replace(/%([sdvqf%])/g, (_, verb: string) => {
    if (verb === '%') return '%';
    const value = args[n++];
    if (verb === 'q') return JSON.stringify(printValue(value));
    if (verb === 'd') return String(Math.trunc(Number(value)));
    return printValue(value);
  });
}

const BUILTINS: Record<string, TemplateFunction> = {
  index: (value, ...keys) =>
    keys.reduce((current, key) => fieldOf(current, printValue(key)), value),
  default: (fallback, value) => (truthy(value) ? value : fallback),
  len: (value) =>
    typeof value === 'string' || Array.isArray(value)
      ? value.length
      : value && typeof value === 'object'
        ? Object.keys(value).length
        : 0,
  eq: (a, ...rest) => rest.some((b) => printValue(a) === printValue(b) && typeof a === typeof b),
  ne: (a, b) => !(printValue(a) === printValue(b) && typeof a === typeof b),
  lt: (a, b) => compare(a, b) < 0,
  le: (a, b) => compare(a, b) <= 0,
  gt: (a, b) => compare(a, b) > 0,
  ge: (a, b) => compare(a, b) >= 0,
  and: (...values) => values.find((value) => !truthy(value)) ?? values.at(-1),
  or: (...values) => values.find((value) => truthy(value)) ?? values.at(-1),
  not: (value) => !truthy(value),
  print: (...values) => values.map(printValue).join(''),
  println: (...values) => `${values.map(printValue).join(' ')}\n`,
  printf: (format, ...args) => printf(format, ...args),
  toJSON: (value) => JSON.stringify(value ?? null),
  toJson: (value) => JSON.stringify(value ?? null),
  toPrettyJson: (value) => JSON.stringify(value ?? null, null, 2),
  json: (value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      throw new TemplateError(`json: not valid JSON: ${value.slice(0, 60)}`);
    }
  },
  shellQuote: (...values) => values.map(shellQuote).join(' '),
  quote: (value) => JSON.stringify(printValue(value)),
  squote: (value) => `'${printValue(value)}'`,
  upper: (value) => printValue(value).toUpperCase(),
  lower: (value) => printValue(value).toLowerCase(),
  trim: (value) => printValue(value).trim(),
  title: (value) => printValue(value).replace(/\b\w/g, (c) => c.toUpperCase()),
  join: (separator, list) =>
    Array.isArray(list) ? list.map(printValue).join(printValue(separator)) : '',
  split: (separator, value) => printValue(value).split(printValue(separator)),
  contains: (part, value) => printValue(value).includes(printValue(part)),
  hasPrefix: (prefix, value) => printValue(value).startsWith(printValue(prefix)),
  hasSuffix: (suffix, value) => printValue(value).endsWith(printValue(suffix)),
  replace: (from, to, value) => printValue(value).replaceAll(printValue(from), printValue(to)),
  toString: (value: unknown) => printValue(value),
};

/**
 * What one render has spent: steps, and the characters it produced. Several renders given one
 * budget share the caps (a playbook's parameter defaults together are one render's worth).
 */
export class TemplateBudget {
  private steps = 0;
  size = 0;

  spend(steps: number): void {
    this.steps += steps;
    if (this.steps > TEMPLATE_STEP_CAP)
      throw new TemplateError(
        `template stopped: it took more than ${TEMPLATE_STEP_CAP} evaluation steps (a loop over too much data?)`,
      );
  }

  // A value a function made: too large for any output, or costly in proportion to its size.
  made(value: unknown): unknown {
    if (typeof value === 'string') {
      if (value.length > TEMPLATE_OUTPUT_CAP) throw outputTooLarge();
      this.spend(Math.floor(value.length / 256));
    }
    return value;
  }

  grow(length: number): void {
    this.size += length;
    if (this.size > TEMPLATE_OUTPUT_CAP) throw outputTooLarge();
    this.spend(Math.floor(length / 256));
  }
}

function outputTooLarge(): TemplateError {
  return new TemplateError(
    `template stopped: its output would be larger than ${TEMPLATE_OUTPUT_CAP} characters`,
  );
}

interface Scope {
  dot: unknown;
  variables: Map<string, unknown>;
  functions: Record<string, TemplateFunction>;
  budget: TemplateBudget;
}

function call(name: string, args: unknown[], scope: Scope): unknown {
  // Own properties only: `constructor` or `toString` of Object.prototype are not template functions.
  const fn = Object.hasOwn(scope.functions, name)
    ? scope.functions[name]
    : Object.hasOwn(BUILTINS, name)
      ? BUILTINS[name]
      : undefined;
  if (!fn) throw new TemplateError(`function "${name}" not defined`);
  scope.budget.spend(1);
  return scope.budget.made(fn(...args));
}

function termValue(term: Term, scope: Scope): unknown {
  if (term.kind === 'literal') return term.value;
  if (term.kind === 'call') return call(term.name, [], scope);
  let value: unknown;
  if (term.base === 'dot') value = scope.dot;
  else if ('variable' in term.base) {
    const name = term.base.variable;
    if (name === '$') value = scope.variables.get('$');
    else if (!scope.variables.has(name)) throw new TemplateError(`undefined variable "${name}"`);
    else value = scope.variables.get(name);
  } else value = runPipeline(term.base.pipe, scope);
  return term.path.reduce(fieldOf, value);
}

function runPipeline(pipe: Pipeline, scope: Scope): unknown {
  let value: unknown;
  pipe.commands.forEach((command, n) => {
    scope.budget.spend(1);
    const args = command.args.map((arg) => termValue(arg, scope));
    if (n > 0) args.push(value);
    if (command.head.kind === 'call') value = call(command.head.name, args, scope);
    else if (args.length > 0)
      throw new TemplateError('only a function can take arguments in a template action');
    else value = termValue(command.head, scope);
  });
  if (pipe.declare) {
    if (pipe.declare.assign && !scope.variables.has(pipe.declare.name))
      throw new TemplateError(`undefined variable "${pipe.declare.name}"`);
    scope.variables.set(pipe.declare.name, value);
  }
  return value;
}

function render(nodes: Node[], scope: Scope, out: TemplateSink): void {
  for (const node of nodes) {
    scope.budget.spend(1);
    switch (node.kind) {
      case 'text':
        scope.budget.grow(node.text.length);
        out.text(node.text);
        break;
      case 'print': {
        const value = runPipeline(node.pipe, scope);
        if (!node.pipe.declare) {
          const printed = printValue(value);
          scope.budget.grow(printed.length);
          out.value(printed);
        }
        break;
      }
      case 'if':
      case 'with': {
        const value = runPipeline(node.pipe, scope);
        if (truthy(value))
          render(node.then, node.kind === 'with' ? { ...scope, dot: value } : scope, out);
        else render(node.otherwise, scope, out);
        break;
      }
      case 'range': {
        const value = runPipeline(node.pipe, scope);
        const items = Array.isArray(value)
          ? value
          : value && typeof value === 'object'
            ? Object.values(value)
            : [];
        if (items.length === 0) render(node.otherwise, scope, out);
        for (const item of items) {
          scope.budget.spend(1);
          render(node.body, { ...scope, dot: item }, out);
        }
        break;
      }
    }
  }
}

/**
 * Renders `source` against `data` (the template's dot) with extra functions (getAction…). Text
 * without `{{` is returned as it is. Errors (syntax, an unknown function) throw TemplateError.
 */
export function renderTemplate(
  source: string,
  data: unknown,
  functions: Record<string, TemplateFunction> = {},
  budget?: TemplateBudget,
): string {
  if (!source.includes('{{')) return source;
  const out: string[] = [];
  renderTemplateTo(
    source,
    data,
    functions,
    {
      text: (text) => out.push(text),
      value: (text) => out.push(text),
    },
    budget,
  );
  return out.join('');
}

/**
 * Renders `source` into `sink`, which decides how each printed value is placed (a shell script
 * places values as environment variables: shellTemplate.ts). Within TEMPLATE_STEP_CAP and
 * TEMPLATE_OUTPUT_CAP, else a TemplateError saying which.
 */
export function renderTemplateTo(
  source: string,
  data: unknown,
  functions: Record<string, TemplateFunction>,
  sink: TemplateSink,
  budget = new TemplateBudget(),
): void {
  const variables = new Map<string, unknown>([['$', data]]);
  render(parseTemplate(source), { dot: data, variables, functions, budget }, sink);
}
