import { describe, expect, it } from "vitest";
import { DemoFantasyStatsFeed } from "./fantasy-stats-feed.ts";
import type { FantasyPlayerRecord, InjuryStatus } from "../../domain/fantasy/types.ts";

const player = (id: string, projectedX100: number | null, injuryStatus: InjuryStatus = "healthy"): FantasyPlayerRecord => ({
  id, sportId: "s", name: id, team: "T", position: "P", salary: 5000, projectedX100, injuryStatus, createdAt: new Date(0),
});
const players = [player("a", 2000), player("b", 1500, "questionable"), player("c", null), player("d", 3000, "out"), player("e", 900, "doubtful")];
const at = (feed: DemoFantasyStatsFeed, progressMilli: number, contestId = "fc_1") =>
  feed.pointsAt({ contestId, sportId: "s", progressMilli, players });

describe("the demo fantasy stats feed", () => {
  it("answers the same question the same way (deterministic per seed, contest and player)", async () => {
    const one = new DemoFantasyStatsFeed(42);
    const two = new DemoFantasyStatsFeed(42);
    for (const p of [0, 137, 500, 999, 1000]) expect(await at(one, p)).toEqual(await at(two, p));
    expect(await at(new DemoFantasyStatsFeed(43), 1000)).not.toEqual(await at(one, 1000));
    expect(await at(one, 1000, "fc_2")).not.toEqual(await at(one, 1000));
  });
  it("starts at 0, never goes down, and ends at the final score", async () => {
    const feed = new DemoFantasyStatsFeed(7);
    const final = await at(feed, 1000);
    expect([...(await at(feed, 0)).values()].every((v) => v === 0)).toBe(true);
    let prev = await at(feed, 0);
    for (let p = 1; p <= 1000; p += 7) {
      const now = await at(feed, Math.min(p, 1000));
      for (const [id, v] of now) {
        expect(v).toBeGreaterThanOrEqual(prev.get(id)!);
        expect(v).toBeLessThanOrEqual(final.get(id)!);
        expect(Number.isInteger(v)).toBe(true);
      }
      prev = now;
    }
  });
  it("a ruled-out player scores nothing; scores stay around the projection", async () => {
    let total = 0;
    for (let s = 0; s < 200; s++) {
      const final = await at(new DemoFantasyStatsFeed(s), 1000);
      expect(final.get("d")).toBe(0);
      const a = final.get("a")!;
      expect(a).toBeGreaterThanOrEqual(500);
      expect(a).toBeLessThanOrEqual(3500);
      total += a;
    }
    expect(total / 200).toBeGreaterThan(1700);
    expect(total / 200).toBeLessThan(2300);
  });
});
