import type { JsonPathStep, SelectEmbed, SelectField, SelectItem } from './ast.ts';
import { quoteValue, Scanner } from './scanner.ts';

// Names in `select` are bare only when they cannot be mistaken for syntax (`->`, `::`, `!`, `*`).
const bareName = /^[\p{L}\p{N}_$]+$/u;

function encodeName(name: string): string {
  return bareName.test(name) ? name : quoteValue(name);
}

function encodeHint(hint: string): string {
  // A bare `inner`/`left` would read back as a join type.
  return hint === 'inner' || hint === 'left' ? quoteValue(hint) : encodeName(hint);
}

function encodeItem(item: SelectItem): string {
  if (item.kind === 'star') return '*';
  const alias = item.alias === undefined ? '' : `${encodeName(item.alias)}:`;
  if (item.kind === 'field') {
    const path = (item.jsonPath ?? [])
      .map((step) => `${step.arrow}${encodeName(step.key)}`)
      .join('');
    const cast = item.cast === undefined ? '' : `::${encodeName(item.cast)}`;
    return `${alias}${encodeName(item.column)}${path}${cast}`;
  }
  const hint = item.hint === undefined ? '' : `!${encodeHint(item.hint)}`;
  const join = item.joinType === undefined ? '' : `!${item.joinType}`;
  const spread = item.spread ? '...' : '';
  const cast = item.cast === undefined ? '' : `::${encodeName(item.cast)}`;
  return `${spread}${alias}${encodeName(item.relation)}${hint}${join}(${encodeSelect(item.children)})${cast}`;
}

/** `*,agent:agent_id(id,name),config->a->>b`. */
export function encodeSelect(items: readonly SelectItem[]): string {
  return items.map(encodeItem).join(',');
}

function readName(s: Scanner, what: string): { name: string; quoted: boolean } {
  if (s.peek() === '"') return { name: s.readQuoted(), quoted: true };
  const start = s.pos;
  const name = s.readWhile((ch, sc) => {
    if (',().:!"\\ \t*'.includes(ch)) return false;
    return !(ch === '-' && sc.peek(1) === '>');
  });
  if (name === '') s.fail(`expected ${what} but found ${s.describeNext()}`, start);
  return { name, quoted: false };
}

function readItem(s: Scanner): SelectItem {
  s.skipSpaces();
  if (s.peek() === '*') {
    s.pos += 1;
    return { kind: 'star' };
  }
  const spreadStart = s.pos;
  const spread = s.startsWith('...');
  if (spread) s.pos += 3;
  let first = readName(s, 'a column name').name;
  let alias: string | undefined;
  if (s.peek() === ':' && s.peek(1) !== ':') {
    s.pos += 1;
    alias = first;
    first = readName(s, 'a column name after the alias').name;
  }

  if (s.peek() === '!' || s.peek() === '(') {
    const embed: SelectEmbed = { kind: 'embed', relation: first, children: [] };
    if (alias !== undefined) embed.alias = alias;
    if (spread) embed.spread = true;
    while (s.peek() === '!') {
      s.pos += 1;
      const hintStart = s.pos;
      const { name, quoted } = readName(s, 'a hint after "!"');
      if (!quoted && (name === 'inner' || name === 'left')) {
        if (embed.joinType !== undefined)
          s.fail('only one join type (!inner or !left) per embed', hintStart);
        embed.joinType = name;
      } else {
        if (embed.hint !== undefined) s.fail('only one foreign key hint per embed', hintStart);
        embed.hint = name;
      }
    }
    if (s.peek() === '(') {
      s.pos += 1;
      s.skipSpaces();
      if (s.peek() !== ')') embed.children = readItems(s);
      s.skipSpaces();
      s.expect(')');
    }
    if (s.startsWith('::')) {
      s.pos += 2;
      embed.cast = readName(s, 'a type after "::"').name;
    }
    return embed;
  }
  if (spread)
    s.fail('"..." spreads an embedded resource: expected "(" after its name', spreadStart);

  const field: SelectField = { kind: 'field', column: first };
  if (alias !== undefined) field.alias = alias;
  const path: JsonPathStep[] = [];
  while (s.startsWith('->')) {
    const arrow = s.startsWith('->>') ? '->>' : '->';
    s.pos += arrow.length;
    path.push({ arrow, key: readName(s, `a JSON key after "${arrow}"`).name });
  }
  if (path.length > 0) field.jsonPath = path;
  if (s.startsWith('::')) {
    s.pos += 2;
    field.cast = readName(s, 'a type after "::"').name;
  }
  return field;
}

function readItems(s: Scanner): SelectItem[] {
  const items: SelectItem[] = [];
  for (;;) {
    items.push(readItem(s));
    s.skipSpaces();
    if (s.peek() !== ',') return items;
    s.pos += 1;
  }
}

/** Parses the value of `select=` into a tree of columns, JSON paths and embeds. */
export function parseSelect(text: string): SelectItem[] {
  const s = new Scanner(text, 'select');
  const items = readItems(s);
  if (!s.done) s.fail(`unexpected ${s.describeNext()}`);
  return items;
}
