// Exec scripts with templates, run by real bash: every value arrives as the text it was, wherever
// the template put it, and none runs.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { renderShellScript, SHELL_VALUE_PREFIX } from './shellTemplate.ts';
import { TemplateError } from './template.ts';

const NASTY = [
  '$(echo PWNED)',
  '`echo PWNED`',
  'x; echo PWNED',
  `it's "quoted" \\ and 'single'`,
  'line one\necho PWNED\nEOF\necho PWNED',
  '${PATH} $HOME * ?',
  "'; echo PWNED; '",
  '"; echo PWNED; "',
  'x$(whoami)@local',
  '-n',
  '',
];

function bash(source: string, data: unknown) {
  const { script, env } = renderShellScript(source, data);
  const result = spawnSync('bash', ['-c', script], {
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
    encoding: 'utf8',
    // Not a socket on stdin: Debian's bash would then read ~/.bashrc.
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { script, stdout: result.stdout, stderr: result.stderr };
}

describe('exec script templates', () => {
  it.each([
    ['plain code', 'printf %s {{.v}}'],
    ['double quotes', 'printf %s "{{.v}}"'],
    ['double quotes with text around', 'printf %s "<{{.v}}>" | sed "s/^<//; s/>$//"'],
    ['single quotes', "printf %s '{{.v}}'"],
    ['a command substitution in double quotes', 'printf %s "$(printf %s {{.v}})"'],
    ['backticks', 'printf %s "`printf %s {{.v}}`"'],
    ['a ${…} default', 'printf %s "${UNSET_NAME:-{{.v}}}"'],
    ['an assignment', 'x={{.v}}; printf %s "$x"'],
    ['a here-document', 'cat <<EOF | head -c -1\n{{.v}}\nEOF'],
    ['a here-document with tabs stripped', 'cat <<-END | head -c -1\n\t{{.v}}\n\tEND'],
  ])('gives the value as it is in %s', (_, source) => {
    for (const value of NASTY) {
      const { stdout, stderr, script } = bash(source, { v: value });
      expect({ stdout, script }).toEqual({ stdout: value, script });
      expect(stderr).toBe('');
    }
  });

  it('keeps a comment a comment, whatever the value holds', () => {
    for (const value of NASTY) {
      const { stdout } = bash('# note: {{.v}}\necho done', { v: value });
      expect(stdout).toBe('done\n');
    }
  });

  it('puts no value into the script text, and one variable per distinct value', () => {
    const { script, env } = renderShellScript('echo {{.a}} {{.b}} {{.a}}', {
      a: '$(id)',
      b: 'two',
    });
    expect(script).toBe(
      `echo "\${${SHELL_VALUE_PREFIX}1}" "\${${SHELL_VALUE_PREFIX}2}" "\${${SHELL_VALUE_PREFIX}1}"`,
    );
    expect(env).toEqual({ [`${SHELL_VALUE_PREFIX}1`]: '$(id)', [`${SHELL_VALUE_PREFIX}2`]: 'two' });
    expect(renderShellScript('echo plain', {})).toEqual({ script: 'echo plain', env: {} });
  });

  it('places values after the template’s own quoting changed in loops and conditions', () => {
    const { stdout } = bash(
      '{{range .items}}printf "%s|" "{{.}}"; printf "%s|" \'{{.}}\'; {{end}}{{if .on}}echo " {{.last}}"{{end}}',
      { items: ['a b', "c'd", '$(echo PWNED)'], on: true, last: '`echo PWNED`' },
    );
    expect(stdout).toBe("a b|a b|c'd|c'd|$(echo PWNED)|$(echo PWNED)| `echo PWNED`\n");
  });

  it.each([
    ['arithmetic', 'echo $(( {{.v}} + 1 ))', /\$\(\(…\)\)/],
    ['an arithmetic command', '(( {{.v}} > 1 )) && echo big', /\$\(\(…\)\)/],
    ['right after a backslash', 'echo \\{{.v}}', /backslash/],
    ['a quoted here-document', "cat <<'EOF'\n{{.v}}\nEOF", /quoted here-document/],
  ])('refuses a value in %s, where bash would evaluate or ignore it', (_, source, message) => {
    expect(() => renderShellScript(source, { v: 'a[$(echo PWNED)]' })).toThrow(TemplateError);
    expect(() => renderShellScript(source, { v: '1' })).toThrow(message);
  });

  it('leaves code after a here-string, a here-document and arithmetic as code', () => {
    const source =
      'cat <<< "x" >/dev/null; echo $(( 1 << 2 )) >/dev/null; cat <<EOF >/dev/null\nbody\nEOF\nprintf %s {{.v}}';
    for (const value of NASTY) expect(bash(source, { v: value }).stdout).toBe(value);
  });
});
