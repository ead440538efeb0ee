import {
  createHash,
  randomBytes,
  randomInt,
  randomUUID,
  scrypt,
  timingSafeEqual,
  type ScryptOptions,
} from 'node:crypto';
import { authenticator } from 'otplib';

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

// OWASP's scrypt minimum (N=2^17, r=8, p=1) is ~128 MiB per hash; 2^15 keeps a small server
// responsive while staying memory-hard. Tests pass a cheaper cost.
export const defaultScryptCost: ScryptCost = { N: 2 ** 15, r: 8, p: 1 };

function scryptAsync(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  const options: ScryptOptions = {
    N: cost.N,
    r: cost.r,
    p: cost.p,
    maxmem: 256 * cost.N * cost.r + 1024 * 1024,
  };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, 32, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(
  password: string,
  cost: ScryptCost = defaultScryptCost,
): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join(
    '$',
  );
}

export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const [kind, n, r, p, salt, key] = encoded.split('$');
  if (kind !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function numericCode(digits = 6): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, '0');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const totpStepMs = 30_000;

/**
 * The 30 s step a TOTP code belongs to, one step either side of now accepted for clock drift, or
 * undefined when it matches none. The step is what a caller records so the code is not taken twice.
 */
export function totpStep(
  code: string,
  secret: string,
  nowMs: number = Date.now(),
): number | undefined {
  const delta = authenticator.clone({ window: 1, epoch: nowMs }).checkDelta(code, secret);
  return delta === null ? undefined : Math.floor(nowMs / totpStepMs) + delta;
}

export { randomUUID };
