// The exec sandbox on this machine: bubblewrap when it works here, else nobody when root, else a
// refusal; each form gives the script only its declared environment and none of this process's.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { performAction } from './actions.ts';
import { detectSandbox, NOBODY, type ExecSandbox } from './sandbox.ts';

const root = process.getuid?.() === 0;

async function run(sandbox: ExecSandbox, script: string, env: Record<string, string> = {}) {
  return performAction(
    { name: 'probe', exec: { script } },
    {
      db: undefined as never,
      execEnabled: true,
      env,
      signal: new AbortController().signal,
      sandbox,
    },
  );
}

describe('the exec sandbox', () => {
  it('is bubblewrap where /usr/bin/bwrap works, with the script as nobody in its own PID namespace', async () => {
    const sandbox = detectSandbox();
    if (!existsSync('/usr/bin/bwrap')) return; // .ci/run installs it; elsewhere the next tests apply
    expect(sandbox.kind).toBe('bwrap');
    const outcome = await run(sandbox, 'id -u; echo $$ $PPID; printf "%s\\n" "$DECLARED"', {
      DECLARED: 'kept',
    });
    expect(outcome.error).toBeUndefined();
    expect(outcome.result.stdout).toBe(`${NOBODY}\n2 1\nkept\n`);
  });

  it.skipIf(!root)(
    'falls back to nobody for a root server without bubblewrap, away from this process',
    async () => {
      const sandbox = detectSandbox({ bwrap: '/nonexistent/bwrap' });
      expect(sandbox.kind).toBe('nobody');
      const outcome = await run(
        sandbox,
        'id -u; pwd; cat /proc/$PPID/environ /proc/' +
          process.pid +
          '/environ >/dev/null 2>&1 && echo READ || echo refused; env | cut -d= -f1 | sort | tr "\\n" " "',
      );
      const [uid, dir, environ, names] = String(outcome.result.stdout).trim().split('\n');
      expect(uid).toBe(String(NOBODY));
      expect(dir).toMatch(/opsdeck-playbook-/);
      expect(existsSync(dir!)).toBe(false); // removed afterwards
      expect(environ).toBe('refused');
      expect(names!.trim().split(' ')).not.toContain('DATABASE_URL');
      expect(
        names!
          .trim()
          .split(' ')
          .every((name) => /^(HOME|PATH|TMPDIR|PWD|SHLVL|_|LANG|LC_ALL|TZ)$/.test(name)),
      ).toBe(true);
    },
  );

  it('refuses without either, naming bubblewrap, and refuses a NUL or a bad name in the environment', async () => {
    const none = detectSandbox({ bwrap: '/nonexistent/bwrap', root: false });
    expect(none).toMatchObject({ kind: 'none' });
    expect((await run(none, 'true')).error).toMatch(/install bubblewrap/);
    const sandbox = detectSandbox();
    if (sandbox.kind === 'none') return;
    expect((await run(sandbox, 'true', { X: 'a\0--bind' })).error).toMatch(/NUL byte/);
    expect((await run(sandbox, 'true', { 'A=B': 'x' })).error).toMatch(/not a valid/);
  });
});
