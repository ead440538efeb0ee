import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, lstatSync, readlinkSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Where a playbook exec script runs. Never beside the server: a script is code an editor wrote (or a
 * webhook started), and the server's environment, command line, data directory and secret key are
 * not its business (issue 27 #2).
 *
 * - `bwrap`: bubblewrap, the preferred form. Its own user, PID, IPC, UTS and cgroup namespaces (the
 *   server is invisible: /proc is the sandbox's own), read-only /usr and a few files of /etc, a
 *   private tmpfs /tmp holding the work directory, nothing else of the host's file system (no repo,
 *   no data directory), no capabilities, uid/gid 65534 (outside too: a root server starts bwrap
 *   as 65534). The network is the host's: scripts exist to reach systems (curl, kubectl), and
 *   nothing the server keeps is readable without its secrets.
 *   `--die-with-parent` ends the sandbox when the server dies, even by kill -9.
 * - `nobody`: no usable bubblewrap but the server is root: the script runs as uid/gid 65534 in a
 *   private 0700 directory, so the server's /proc/<pid>/environ, its 0700 data directory and 0600
 *   key are out of reach. Weaker (the host file system is visible as to any local user).
 * - neither: exec actions fail, naming how to enable them. A script never runs unsandboxed.
 */
export type ExecSandbox =
  | {
      kind: 'bwrap';
      bwrap: string;
      /**
       * A root server starts bubblewrap as uid/gid 65534. Started by root, the sandbox's user would
       * be root outside it, owner of every root file bound in (a 0600 one included).
       */
      asNobody: boolean;
    }
  | { kind: 'nobody'; setpriv: string | undefined }
  | { kind: 'none'; reason: string };

export const NOBODY = 65534;
/** The script's working directory (and HOME) inside the bubblewrap sandbox. */
export const SANDBOX_WORK_DIR = '/tmp/opsdeck-playbook';
const SANDBOX_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
/** The private /tmp of a sandbox holds at most this much (it lives in memory). */
const SANDBOX_TMP_BYTES = 256 * 1024 * 1024;
// What of /etc a script needs to resolve names, speak TLS and know users; never the whole of it.
const ETC_FILES = [
  'passwd',
  'group',
  'hosts',
  'host.conf',
  'resolv.conf',
  'nsswitch.conf',
  'gai.conf',
  'services',
  'protocols',
  'localtime',
  'timezone',
  'ld.so.cache',
  'ld.so.conf',
  'ld.so.conf.d',
  'alternatives',
  'ssl/certs',
  'ssl/openssl.cnf',
  'ca-certificates',
  'ca-certificates.conf',
  'mime.types',
];

export const SANDBOX_MISSING =
  'exec actions need a sandbox and this server has none: install bubblewrap (Debian/Ubuntu: apt-get install bubblewrap, giving /usr/bin/bwrap) on a kernel that allows user namespaces, or run the server as root so scripts run as nobody; or start the server with --no-playbook-exec';

// The directories of / that are links into /usr on merged-/usr systems, or directories otherwise.
function rootBinds(): string[] {
  const args: string[] = ['--ro-bind', '/usr', '/usr'];
  for (const name of ['bin', 'sbin', 'lib', 'lib32', 'lib64', 'libx32']) {
    const path = `/${name}`;
    let stat;
    try {
      stat = lstatSync(path);
    } catch {
      continue;
    }
    if (stat.isSymbolicLink()) args.push('--symlink', readlinkSync(path), path);
    else if (stat.isDirectory()) args.push('--ro-bind', path, path);
  }
  for (const name of ETC_FILES) args.push('--ro-bind-try', `/etc/${name}`, `/etc/${name}`);
  return args;
}

/** bubblewrap's arguments up to the command (the environment comes separately, see spawnSandboxed). */
export function bwrapArguments(): string[] {
  return [
    '--unshare-all',
    '--share-net',
    '--unshare-user',
    '--disable-userns',
    '--uid',
    String(NOBODY),
    '--gid',
    String(NOBODY),
    '--cap-drop',
    'ALL',
    '--die-with-parent',
    '--new-session',
    ...rootBinds(),
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--size',
    String(SANDBOX_TMP_BYTES),
    '--tmpfs',
    '/tmp',
    '--dir',
    SANDBOX_WORK_DIR,
    '--chdir',
    SANDBOX_WORK_DIR,
  ];
}

function executable(candidates: string[]): string | undefined {
  return candidates.find((path) => existsSync(path));
}

/**
 * Finds the sandbox this machine allows: bubblewrap when it can really create its namespaces here
 * (tried once), else nobody when the server is root, else none.
 */
export function detectSandbox(
  options: { bwrap?: string | undefined; root?: boolean } = {},
): ExecSandbox {
  const bwrap = options.bwrap ?? executable(['/usr/bin/bwrap', '/bin/bwrap']);
  const root = options.root ?? process.getuid?.() === 0;
  let tried = '';
  if (bwrap && existsSync(bwrap)) {
    // As nobody first when root; as root only where the kernel refuses nobody a user namespace.
    for (const asNobody of root ? [true, false] : [false]) {
      const probe = spawnSync(bwrap, [...bwrapArguments(), '--', 'true'], {
        env: { PATH: SANDBOX_PATH },
        stdio: ['ignore', 'ignore', 'pipe'],
        timeout: 10_000,
        encoding: 'utf8',
        ...(asNobody ? { uid: NOBODY, gid: NOBODY } : {}),
      });
      if (probe.status === 0) return { kind: 'bwrap', bwrap, asNobody };
      tried = ` (${bwrap} cannot create a sandbox here: ${(probe.stderr || String(probe.error ?? probe.status)).trim()})`;
    }
  }
  if (root) return { kind: 'nobody', setpriv: executable(['/usr/bin/setpriv', '/bin/setpriv']) };
  return { kind: 'none', reason: `${SANDBOX_MISSING}${tried}` };
}

let detected: ExecSandbox | undefined;

/** This machine's sandbox, detected on first use. */
export function defaultSandbox(): ExecSandbox {
  detected ??= detectSandbox();
  return detected;
}

/**
 * Descriptors the server inherited without close-on-exec (from a supervisor, a log pipe) would pass
 * through spawn and bubblewrap into the script: closed by this fixed prelude, which then runs the
 * sandbox. `$1` is the highest descriptor to keep.
 */
const CLOSE_INHERITED =
  'keep=$1; shift; for f in /proc/self/fd/*; do n=${f##*/}; if [[ $n =~ ^[0-9]+$ ]] && (( n > keep )); then eval "exec $n>&-"; fi; done; exec "$@"';

/** A started script: its process (the leader of its own process group) and how to clean up. */
export interface SandboxedScript {
  child: ChildProcess;
  /** Where the script ran, as the script saw it. */
  workDir: string;
  cleanup(): Promise<void>;
}

/**
 * Starts `bash -c script` in the sandbox with exactly `env` (plus PATH/HOME/TMPDIR the sandbox sets
 * unless env names them). The child leads its own process group: killing -pid ends it all.
 */
export async function spawnSandboxed(
  sandbox: Exclude<ExecSandbox, { kind: 'none' }>,
  script: string,
  env: Record<string, string>,
): Promise<SandboxedScript> {
  if (sandbox.kind === 'bwrap') {
    const scriptEnv = { PATH: SANDBOX_PATH, HOME: SANDBOX_WORK_DIR, TMPDIR: '/tmp', ...env };
    // The script's environment travels through a pipe (--args 3), never argv (visible in `ps`) nor
    // bwrap's own environment (LD_PRELOAD & co. there would act on bwrap itself, outside the sandbox).
    const envArgs = ['--clearenv'];
    for (const [name, value] of Object.entries(scriptEnv)) envArgs.push('--setenv', name, value);
    const child = spawn(
      'bash',
      [
        '-c',
        CLOSE_INHERITED,
        'opsdeck-sandbox',
        '3',
        sandbox.bwrap,
        '--args',
        '3',
        ...bwrapArguments(),
        '--',
        'bash',
        '-c',
        script,
      ],
      {
        cwd: '/',
        env: { PATH: SANDBOX_PATH },
        ...(sandbox.asNobody ? { uid: NOBODY, gid: NOBODY } : {}),
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
      },
    );
    const argsPipe = child.stdio[3] as NodeJS.WritableStream;
    argsPipe.on('error', () => undefined); // bwrap that failed early closed it: its exit says why
    argsPipe.end(Buffer.from(envArgs.map((arg) => `${arg}\0`).join(''), 'utf8'));
    return { child, workDir: SANDBOX_WORK_DIR, cleanup: async () => undefined };
  }
  const dir = await mkdtemp(join(tmpdir(), 'opsdeck-playbook-'));
  chownSync(dir, NOBODY, NOBODY);
  const scriptEnv = { PATH: SANDBOX_PATH, HOME: dir, TMPDIR: dir, ...env };
  // setpriv --pdeathsig: the script gets SIGKILL when the server dies (when setpriv exists).
  const command = sandbox.setpriv
    ? [sandbox.setpriv, '--pdeathsig', 'KILL', '--', 'bash', '-c', script]
    : ['bash', '-c', script];
  const child = spawn('bash', ['-c', CLOSE_INHERITED, 'opsdeck-sandbox', '2', ...command], {
    cwd: dir,
    env: scriptEnv,
    uid: NOBODY,
    gid: NOBODY,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return {
    child,
    workDir: dir,
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}
