import type { Clock, Ids } from "../../domain/shared/clock.ts";

export const systemClock: Clock = { now: () => new Date() };

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";

/**
 * Ids like "bet_mf3k2q8x4h7c2n": a millisecond timestamp in base 36 (so ids sort by creation)
 * followed by 10 random base-36 characters from the platform CSPRNG.
 */
/** Random bytes are drawn from the CSPRNG 4 KB at a time (one call per ~400 ids, not one per id). */
const POOL = new Uint8Array(4096);
let used = POOL.length;

export const randomIds: Ids = {
  next(prefix: string): string {
    if (used + 10 > POOL.length) {
      crypto.getRandomValues(POOL);
      used = 0;
    }
    let rand = "";
    for (let i = used; i < used + 10; i++) rand += ALPHABET[POOL[i] % 36];
    used += 10;
    return `${prefix}_${Date.now().toString(36)}${rand}`;
  },
};
