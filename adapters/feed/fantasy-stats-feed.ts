/**
 * The demo fantasy stats feed: a simulator behind the FantasyStatsFeed port. For each player in a
 * contest it draws (from a seed, the contest id and the player id, so the same question always
 * gets the same answer) a final score around the player's projection and how that score builds up
 * over 40 stretches of the contest's game window. A ruled-out player scores nothing; a
 * questionable or doubtful one tends to score less. Points are integer hundredths and never go
 * down as the contest progresses; at progress 1000 they are final.
 */
import type { FantasyStatsFeed } from "../../domain/ports/index.ts";
import type { FantasyPlayerRecord } from "../../domain/fantasy/types.ts";
import { mulberry32 as prng } from "../../domain/shared/prng.ts";

const SEGMENTS = 40;
/** Players without a projection are scored as if projected 10.00 points. */
const DEFAULT_PROJECTION_X100 = 1000;
const INJURY_FACTOR: Record<FantasyPlayerRecord["injuryStatus"], number> = { healthy: 1, questionable: 0.8, doubtful: 0.45, out: 0 };

/** FNV-1a, 32 bits. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

export interface PlayerScript {
  finalX100: number;
  /** Cumulative share (0..1) at the end of each stretch; the last is exactly 1. */
  cumulative: number[];
}

export class DemoFantasyStatsFeed implements FantasyStatsFeed {
  private readonly seed: number;
  constructor(seed = 20261121) {
    this.seed = seed;
  }

  /** How a player's contest goes, drawn once from the seed. */
  script(contestId: string, player: FantasyPlayerRecord): PlayerScript {
    const r = prng(hash(`${this.seed}:${contestId}:${player.id}`));
    const projected = player.projectedX100 ?? DEFAULT_PROJECTION_X100;
    // A spread from a quarter to nearly twice the projection, averaging about the projection.
    const form = 0.25 + 1.5 * ((r() + r()) / 2);
    const finalX100 = Math.max(0, Math.round(projected * form * INJURY_FACTOR[player.injuryStatus]));
    // Some stretches are busy, some quiet.
    const weights = Array.from({ length: SEGMENTS }, () => (r() < 0.3 ? 0 : r()));
    const total = weights.reduce((a, b) => a + b, 0) || 1;
    let run = 0;
    const cumulative = weights.map((w, i) => (i === SEGMENTS - 1 ? 1 : (run += w / total)));
    return { finalX100, cumulative };
  }

  async pointsAt(query: {
    contestId: string;
    sportId: string;
    progressMilli: number;
    players: readonly FantasyPlayerRecord[];
  }): Promise<Map<string, number>> {
    const p = Math.max(0, Math.min(1000, query.progressMilli));
    const out = new Map<string, number>();
    for (const player of query.players) {
      const { finalX100, cumulative } = this.script(query.contestId, player);
      if (p >= 1000) {
        out.set(player.id, finalX100);
        continue;
      }
      const at = (p / 1000) * SEGMENTS;
      const seg = Math.floor(at);
      const before = seg === 0 ? 0 : cumulative[seg - 1];
      const share = before + (cumulative[seg] - before) * (at - seg);
      out.set(player.id, Math.min(finalX100, Math.floor(finalX100 * share)));
    }
    return out;
  }
}
