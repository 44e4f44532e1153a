import type { Clock, Ids } from "../../domain/shared/clock.ts";

export const systemClock: Clock = { now: () => new Date() };

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";

/**
 * Ids like "bet_mf3k2q8x4h7c2n": a millisecond timestamp in base 36 (so ids sort by creation)
 * followed by 10 random base-36 characters from the platform CSPRNG.
 */
export const randomIds: Ids = {
  next(prefix: string): string {
    const bytes = crypto.getRandomValues(new Uint8Array(10));
    let rand = "";
    for (const b of bytes) rand += ALPHABET[b % 36];
    return `${prefix}_${Date.now().toString(36)}${rand}`;
  },
};
