// Parsing of the editor's text into a value or one located problem: pure, so the editor's lint
// diagnostics and any caller (e.g. a form's validation) agree on what "invalid YAML" means.
import { load, YAMLException } from 'js-yaml';

/** `text` is edited as is (certificates, scripts): it never fails to parse. */
export type CodeLanguage = 'yaml' | 'json' | 'text';

/** A problem in the text, with both offsets (for the editor) and line/column (for people). */
export interface CodeProblem {
  message: string;
  /** One-based. */
  line: number;
  /** One-based. */
  column: number;
  /** Zero-based offsets into the text; `to` is at least `from`. */
  from: number;
  to: number;
  severity: 'error' | 'warning';
  /** Where in the value a schema problem is, dot-separated (`spec.interval`); absent for syntax errors. */
  path?: string;
}

export type ParseResult = { ok: true; value: unknown } | { ok: false; problem: CodeProblem };

/** One-based line and column of a zero-based offset. */
export function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  const clamped = Math.min(Math.max(offset, 0), text.length);
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < clamped; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: clamped - lineStart + 1 };
}

/** Zero-based offset of a one-based line and column, clamped to the text. */
export function offsetAt(text: string, line: number, column: number): number {
  let offset = 0;
  for (let current = 1; current < line; current++) {
    const next = text.indexOf('\n', offset);
    if (next === -1) return text.length;
    offset = next + 1;
  }
  const lineEnd = text.indexOf('\n', offset);
  const end = lineEnd === -1 ? text.length : lineEnd;
  return Math.min(offset + Math.max(column - 1, 0), end);
}

function problemAt(text: string, from: number, message: string): CodeProblem {
  const start = Math.min(Math.max(from, 0), text.length);
  // Underline at least one character so the mark is visible, unless the text ended.
  const to = Math.min(start + 1, text.length);
  return { message, ...lineColumnAt(text, start), from: start, to, severity: 'error' };
}

function parseYaml(text: string): ParseResult {
  try {
    return { ok: true, value: load(text) };
  } catch (error) {
    if (error instanceof YAMLException) {
      const position = error.mark?.position ?? text.length;
      return {
        ok: false,
        problem: problemAt(text, position, `YAML: ${error.reason || error.message}`),
      };
    }
    throw error;
  }
}

// Engines name the failing offset differently; V8 says "at position N", Firefox "at line L column C".
function jsonErrorOffset(text: string, message: string): number {
  const position = /at position (\d+)/.exec(message);
  if (position?.[1]) return Number(position[1]);
  const lineColumn = /line (\d+) column (\d+)/.exec(message);
  if (lineColumn?.[1] && lineColumn[2])
    return offsetAt(text, Number(lineColumn[1]), Number(lineColumn[2]));
  return text.length; // "Unexpected end of JSON input"
}

function parseJson(text: string): ParseResult {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    if (error instanceof SyntaxError) {
      // The engine's message repeats the position we report separately, so drop it.
      const reason = error.message
        .replace(/\s*\(line \d+ column \d+\)/, '')
        .replace(/ in JSON at position \d+/, '');
      return {
        ok: false,
        problem: problemAt(text, jsonErrorOffset(text, error.message), `JSON: ${reason}`),
      };
    }
    throw error;
  }
}

/** Parses YAML or JSON; an empty document is valid and has no value (undefined). */
export function parseDocument(text: string, language: CodeLanguage): ParseResult {
  if (text.trim() === '') return { ok: true, value: undefined };
  if (language === 'text') return { ok: true, value: text };
  return language === 'yaml' ? parseYaml(text) : parseJson(text);
}
