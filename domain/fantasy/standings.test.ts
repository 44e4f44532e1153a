import { describe, expect, it } from "vitest";
import { standingsOf } from "./standings.ts";
import type { EntryWithEntrant } from "../ports/index.ts";

const entry = (id: string, rank: number | null, enteredAt: number, userId = "u-" + id): EntryWithEntrant =>
  ({
    id,
    contestId: "c1",
    userId,
    lineup: [],
    salaryUsed: 0,
    pointsX100: rank === null ? 0 : 10_000 - rank * 100,
    rank,
    payout: rank === 1 ? 5_000 : null,
    status: "active",
    enteredAt: new Date(enteredAt),
    updatedAt: new Date(enteredAt),
    entrant: { firstName: "Ada", lastName: "Lovelace" },
  }) as unknown as EntryWithEntrant;

describe("standingsOf", () => {
  it("orders by rank, ties by who entered first, unranked entries last", () => {
    const rows = standingsOf([entry("c", null, 1), entry("b", 2, 5), entry("a", 2, 3), entry("d", 1, 9)], null);
    expect(rows.map((r) => r.entryId)).toEqual(["d", "a", "b", "c"]);
  });

  it("puts everyone level at rank 1 before the first scoring", () => {
    const rows = standingsOf([entry("x", null, 2), entry("y", null, 1)], null);
    expect(rows.map((r) => [r.entryId, r.rank])).toEqual([["y", 1], ["x", 1]]);
  });

  it("shows the entrant by first name and initial and marks the viewer's entries", () => {
    const rows = standingsOf([entry("a", 1, 1, "me"), entry("b", 2, 2, "them")], "me");
    expect(rows[0]).toMatchObject({ name: "Ada L.", mine: true, payout: 5_000 });
    expect(rows[1].mine).toBe(false);
  });
});
