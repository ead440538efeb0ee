import {
  createCipheriv,
  createDecipheriv,
  hkdfSync,
  randomBytes,
  type CipherGCM,
  type DecipherGCM,
} from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Secret playbook parameters encrypted at rest (reference §2: "secret params are stored
 * encrypted"): AES-256-GCM from node:crypto, a fresh 12-byte nonce per value, the run id and the
 * parameter's name as associated data (a value copied to another run or name does not open).
 * Stored as `v1:` + base64(nonce | tag | ciphertext).
 */
export class SecretBox {
  readonly #key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('a secret key is 32 bytes');
    this.#key = key;
  }

  seal(value: string, context: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, nonce) as CipherGCM;
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
    return `${PREFIX}${Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64')}`;
  }

  /**
   * A stored value that may be sealed: opened when it is, as it is otherwise (a reference, or a
   * value written before sealing started).
   */
  openStored(stored: string, context: string): string {
    return stored.startsWith(PREFIX) ? this.open(stored, context) : stored;
  }

  /** The value; throws SecretError when it was sealed under another key or for another context. */
  open(sealed: string, context: string): string {
    if (!sealed.startsWith(PREFIX))
      throw new SecretError('the stored secret is not in the encrypted format');
    const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64');
    try {
      const decipher = createDecipheriv(
        'aes-256-gcm',
        this.#key,
        raw.subarray(0, 12),
      ) as DecipherGCM;
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretError(
        'the secret cannot be decrypted with this server’s key (was it stored by a server with another OPSDECK_SECRET_KEY or data directory?)',
      );
    }
  }
}

export class SecretError extends Error {}

const PREFIX = 'v1:';
export const SECRET_KEY_FILE = 'secret.key';

/** The associated data of one parameter of one run. */
export function secretContext(runId: string, name: string): string {
  return `playbook_run_secrets:${runId}:${name}`;
}

// One random key per process, for an app given none (--memory, tests): what it seals lives no longer.
let processKey: SecretBox | undefined;
export function processSecretBox(): SecretBox {
  processKey ??= new SecretBox(randomBytes(32));
  return processKey;
}

/** The key of an OPSDECK_SECRET_KEY text: any text, stretched with HKDF. */
export function secretBoxFromText(text: string): SecretBox {
  return new SecretBox(
    Buffer.from(hkdfSync('sha256', text, 'opsdeck', 'playbook run secrets', 32)),
  );
}

/**
 * The server's key: from OPSDECK_SECRET_KEY when set (any text, stretched with HKDF; what several
 * instances on one PostgreSQL must share), else `secret.key` in the data directory (created 0600
 * with 32 random bytes on first start), else (--memory) a random key for this process.
 */
export function loadSecretBox(options: {
  secretKey?: string | undefined;
  dataDir: string;
  memory: boolean;
}): SecretBox {
  if (options.secretKey) return secretBoxFromText(options.secretKey);
  if (options.memory) return new SecretBox(randomBytes(32));
  const path = join(options.dataDir, SECRET_KEY_FILE);
  if (!existsSync(path)) {
    // With --database-url the directory may not exist yet: it then holds only this key.
    mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
    // wx: two instances starting on one data directory never overwrite each other's key.
    try {
      writeFileSync(path, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const key = Buffer.from(readFileSync(path, 'utf8').trim(), 'base64');
  if (key.length !== 32)
    throw new Error(
      `${path} does not hold a 32-byte base64 key: restore it, or remove it (stored secret parameters then no longer open)`,
    );
  return new SecretBox(key);
}
