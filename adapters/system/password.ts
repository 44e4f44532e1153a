/**
 * Password hashing with scrypt (memory-hard), from node:crypto, which Node and Deno both provide.
 * Stored as `scrypt$N$r$p$salt$hash` (salt and hash base64url), so the cost can be raised later
 * and old hashes still verify with their own parameters. Comparison is constant time.
 *
 * Default cost N=2^14, r=8, p=5 (16 MiB): one of the equivalent settings OWASP's Password Storage
 * Cheat Sheet lists for scrypt (beside N=2^17, r=8, p=1 at 128 MiB), chosen for its CPU: about
 * 150-180 ms per hash on our 2-core machine where 128 MiB took about 900 ms (most of it touching
 * the memory), so 5 registrations a second fit beside the book (bench/scrypt-cost.ts,
 * docs/security.md). Hashes made with other parameters verify with their own. Tests may pass a
 * cheaper cost; the format and the code path are the same.
 */
import { Buffer } from "node:buffer";
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import type { PasswordHasher } from "../../domain/ports/index.ts";

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}
export const DEFAULT_SCRYPT_COST: ScryptCost = Object.freeze({ N: 2 ** 14, r: 8, p: 5 });
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
/** Parameters a stored hash may carry; anything outside is refused rather than run. */
const MAX_N = 2 ** 20;

const b64 = (b: Uint8Array) => Buffer.from(b).toString("base64url");
const unb64 = (s: string) => Buffer.from(s, "base64url");

function derive(password: string, salt: Uint8Array, cost: ScryptCost, keyLength: number): Promise<Buffer> {
  const options: ScryptOptions = { N: cost.N, r: cost.r, p: cost.p, maxmem: 256 * cost.N * cost.r + 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, keyLength, options, (e, key) => (e ? reject(e) : resolve(key))),
  );
}

export function parseScryptHash(stored: string): { cost: ScryptCost; salt: Buffer; hash: Buffer } | null {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return null;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (![N, r, p].every((x) => Number.isSafeInteger(x) && x > 0)) return null;
  if (N < 2 || N > MAX_N || (N & (N - 1)) !== 0 || r > 32 || p > 16) return null;
  const salt = unb64(parts[4]);
  const hash = unb64(parts[5]);
  if (salt.length < 8 || hash.length < 16) return null;
  return { cost: { N, r, p }, salt, hash };
}

export class ScryptPasswordHasher implements PasswordHasher {
  private readonly cost: ScryptCost;
  /**
   * What an unknown email or a passwordless account is checked against: a hash of the configured
   * cost with a random salt and a random key, so the check costs one derivation like a wrong
   * password (made up rather than derived: deriving it would cost a second hash).
   */
  private readonly dummy: string;
  constructor(cost: ScryptCost = DEFAULT_SCRYPT_COST) {
    this.cost = cost;
    this.dummy = `scrypt$${cost.N}$${cost.r}$${cost.p}$${b64(randomBytes(SALT_LENGTH))}$${b64(randomBytes(KEY_LENGTH))}`;
  }

  async hash(password: string): Promise<string> {
    const salt = randomBytes(SALT_LENGTH);
    const key = await derive(password, salt, this.cost, KEY_LENGTH);
    return `scrypt$${this.cost.N}$${this.cost.r}$${this.cost.p}$${b64(salt)}$${b64(key)}`;
  }

  async verify(password: string, stored: string | null): Promise<boolean> {
    // No stored hash (unknown email, demo user): spend the same effort on the dummy so the answer
    // takes as long as a wrong password would.
    const target = stored ?? this.dummy;
    const parsed = parseScryptHash(target);
    if (!parsed) return false;
    let key: Buffer;
    try {
      key = await derive(password, parsed.salt, parsed.cost, parsed.hash.length);
    } catch {
      return false; // parameters the platform refuses: not a hash we made
    }
    return timingSafeEqual(key, parsed.hash) && stored !== null;
  }
}
