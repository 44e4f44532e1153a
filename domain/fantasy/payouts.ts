/**
 * Prize pools and payout tables, in integer cents. Pure; see docs/money.md ("Fantasy contests").
 *
 * - Payout places (TOP N) = floor(maxEntries / 10), at least 1.
 * - Default payout table: place i of N weighs 1/i; shares are basis points (10000 = 100%) by the
 *   largest-remainder method, so they sum to exactly 10000 and never increase down the table.
 *   E.g. N=1: [10000]; N=2: [6667, 3333]; N=3: [5455, 2727, 1818]; N=10: 1st 3414, 10th 341.
 * - Rake = floor(entry fees × rakePercent / 100) (rounded down, in the players' favour); the rake
 *   is taken from the fees only.
 * - Prize pool = max(guaranteed prize, entry fees − rake): a guarantee is a floor, not an addition.
 *   The house pays only the overlay, guarantee − (fees − rake) when that is positive.
 * - Paid places: a guaranteed or full contest pays its whole table; a non-guaranteed contest that is
 *   not full pays a table scaled to its entries: the first max(1, floor(places × entries / maxEntries))
 *   places, their shares rescaled to the whole pool (`paidTableFor`).
 * - A guaranteed contest with fewer entries than places pays each filled place its advertised prize
 *   (its amount in the whole table at the pool as it stands) and no more: the guarantee backs the
 *   advertised table, it is not shared out among whoever entered (`settlementAmounts`). Should the
 *   net fees exceed those prizes, the net fees are shared over the filled places instead (players'
 *   money is always paid out; the house then adds nothing).
 * - Place amounts: with k = min(table length, number of entries) places paid and S the sum of their
 *   shares, place i gets floor(pool × share_i / S); the cents left over (fewer than k) go one each
 *   to places 1, 2, 3 ... so the places add up to the pool exactly.
 * - Ties: entries with equal points share the places they cover (e.g. two tied for 2nd share the
 *   2nd and 3rd place amounts; places past the table add 0). The group total is split evenly; the
 *   remainder cents (fewer than the group size) go one each to the tied entries that entered
 *   first (earlier entry time, then entry id).
 */

/** TOP N: how many places a contest of this size pays. */
export const payoutPlacesFor = (maxEntries: number): number => Math.max(1, Math.floor(maxEntries / 10));

/** Largest remainder: integer parts of `weights` scaled to `total`, summing to `total` exactly. */
function apportion(weights: readonly number[], total: number): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (w * total) / sum);
  const out = exact.map(Math.floor);
  let left = total - out.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    out[i] += 1;
    left -= 1;
  }
  return out;
}

/** The default table for N paid places: weights 1/place, in basis points summing to 10000. */
export function defaultPayoutTable(places: number): number[] {
  const n = Math.max(1, Math.min(places, 1000));
  return apportion(Array.from({ length: n }, (_, i) => 1 / (i + 1)), 10_000);
}

/** A custom table is valid when it has 1..maxEntries places, each ≥ 1 bp, non-increasing, summing to 10000. */
export function payoutTableProblem(table: readonly number[], maxEntries: number): string | null {
  if (table.length === 0) return "The payout table needs at least one place";
  if (table.length > maxEntries) return "The payout table cannot pay more places than the contest has entries";
  if (table.some((bp) => !Number.isInteger(bp) || bp < 1)) return "Every paid place needs a share of at least 1 basis point";
  if (table.some((bp, i) => i > 0 && bp > table[i - 1])) return "Shares must not increase down the table";
  const sum = table.reduce((a, b) => a + b, 0);
  if (sum !== 10_000) return `Shares must sum to 10000 basis points (they sum to ${sum})`;
  return null;
}

export const rakeFor = (fees: number, rakePercent: number): number => Math.floor((fees * rakePercent) / 100);

/** What a contest's entry fees make: the rake, the fees net of it, the prize pool and the house's overlay. */
export interface PoolFigures {
  fees: number;
  rake: number;
  /** fees − rake: what the players' money puts into the pool. */
  netFees: number;
  /** max(guarantee, netFees): what the places share. */
  prizePool: number;
  /** prizePool − netFees: what the house adds to honour the guarantee (0 when the fees cover it). */
  overlay: number;
}

export function poolFigures(fees: number, guaranteedPrize: number, rakePercent: number): PoolFigures {
  const rake = rakeFor(fees, rakePercent);
  const netFees = fees - rake;
  const prizePool = Math.max(guaranteedPrize, netFees);
  return { fees, rake, netFees, prizePool, overlay: prizePool - netFees };
}

/** The prize pool as it stands: max(guaranteed prize, entry fees − rake). */
export function prizePoolFor(c: { guaranteedPrize: number; entryFee: number; currentEntries: number; rakePercent: number }): number {
  return poolFigures(c.entryFee * c.currentEntries, c.guaranteedPrize, c.rakePercent).prizePool;
}

/**
 * The table a contest pays with `entries` entries. A guaranteed contest pays the table it advertised
 * (the house's promise), and so does a full one; a non-guaranteed contest that did not fill pays
 * the first max(1, floor(places × entries / maxEntries)) places (12 entries of 100 on a 10-place
 * table: 1 place; 55 of 100: 5), which `placeAmounts` rescales to the whole pool.
 */
export function paidTableFor(
  c: { guaranteedPrize: number; maxEntries: number; payoutTable: readonly number[] },
  entries: number,
): number[] {
  const table = [...c.payoutTable];
  if (c.guaranteedPrize > 0 || entries >= c.maxEntries) return table;
  const places = Math.max(1, Math.floor((table.length * entries) / c.maxEntries));
  return table.slice(0, places);
}

/**
 * What each paid place gets at settlement, place 1 first (their sum is the prize pool paid). A full
 * or non-guaranteed contest: `pool` = max(guarantee, netFees) over the table it pays (paidTableFor).
 * A guaranteed contest with fewer entries than places: the filled places' advertised amounts (the
 * whole table at that pool, as the contest page shows them), or the net fees over those places when
 * the fees are more.
 */
export function settlementAmounts(
  c: { guaranteedPrize: number; maxEntries: number; payoutTable: readonly number[] },
  entries: number,
  netFees: number,
): number[] {
  const pool = Math.max(c.guaranteedPrize, netFees);
  if (c.guaranteedPrize <= 0 || entries >= c.payoutTable.length) return placeAmounts(pool, paidTableFor(c, entries), entries);
  const advertised = placeAmounts(pool, c.payoutTable, c.payoutTable.length).slice(0, entries);
  const prizes = advertised.reduce((a, b) => a + b, 0);
  return netFees > prizes ? placeAmounts(netFees, c.payoutTable.slice(0, entries), entries) : advertised;
}

/** What each of the first min(table, entries) places pays from `pool`, summing to `pool` exactly. */
export function placeAmounts(pool: number, table: readonly number[], entries: number): number[] {
  const k = Math.min(table.length, entries);
  if (k <= 0) return [];
  const shares = table.slice(0, k);
  const s = shares.reduce((a, b) => a + b, 0);
  const out = shares.map((bp) => Math.floor((pool * bp) / s));
  let left = pool - out.reduce((a, b) => a + b, 0);
  for (let i = 0; left > 0; i = (i + 1) % k, left--) out[i] += 1;
  return out;
}

export interface RankedEntry {
  entryId: string;
  pointsX100: number;
  enteredAt: Date;
}

export interface EntryResult {
  entryId: string;
  rank: number;
  pointsX100: number;
  payout: number;
}

/**
 * Final standings and payouts: entries ordered by points (ties: earlier entry first, then id),
 * ranked with ties sharing a rank (1, 2, 2, 4), paid the given place amounts (place 1 first; places
 * past them pay 0) with tied groups splitting the places they cover.
 */
export function distributeAmounts(amounts: readonly number[], entries: readonly RankedEntry[]): EntryResult[] {
  const ordered = [...entries].sort(
    (a, b) =>
      b.pointsX100 - a.pointsX100 ||
      a.enteredAt.getTime() - b.enteredAt.getTime() ||
      (a.entryId < b.entryId ? -1 : a.entryId > b.entryId ? 1 : 0),
  );
  const out: EntryResult[] = [];
  let i = 0;
  while (i < ordered.length) {
    let j = i;
    while (j + 1 < ordered.length && ordered[j + 1].pointsX100 === ordered[i].pointsX100) j++;
    const group = ordered.slice(i, j + 1);
    let total = 0;
    for (let p = i; p <= j; p++) total += amounts[p] ?? 0;
    const base = Math.floor(total / group.length);
    const extra = total - base * group.length;
    group.forEach((e, g) =>
      out.push({ entryId: e.entryId, rank: i + 1, pointsX100: e.pointsX100, payout: base + (g < extra ? 1 : 0) }),
    );
    i = j + 1;
  }
  return out;
}
