/**
 * A small fantasy catalog for the world, built through the admin use cases: a sport with two UTIL
 * slots under a 100.00 cap, three players (40.00, 50.00, 70.00), and a contest (fee 5.00, up to 3
 * entries, starting in two hours).
 */
import type { World } from "./world.ts";
import { NOW } from "./world.ts";
import type { User } from "../../domain/shared/types.ts";
import { createSport } from "../../domain/fantasy/create-sport.ts";
import { createPlayer } from "../../domain/fantasy/create-player.ts";
import { createContest, type CreateContestInput } from "../../domain/fantasy/create-contest.ts";

export const HOUR = 3_600_000;

function must<T>(r: { ok: true; value: T } | { ok: false; error: { code: string } }): T {
  if (!r.ok) throw new Error(r.error.code);
  return r.value;
}

export async function fantasySport(w: World, admin: User) {
  const sport = must(await createSport(w.as(admin), {
    name: "Five-a-side", season: "2026", status: "active",
    settings: { rosterPositions: [{ slot: "util", eligible: [] }, { slot: "util", eligible: [] }], salaryCap: 10_000 },
  }));
  const players = [];
  for (const [name, salary] of [["Ann", 4_000], ["Bo", 5_000], ["Cy", 7_000]] as const)
    players.push(must(await createPlayer(w.as(admin), { sportId: sport.id, name, team: "Reds", position: "F", salary, projectedPoints: 10, injuryStatus: "healthy" })));
  return { sport, players };
}

export const contestInput = (sportId: string, over: Partial<CreateContestInput> = {}): CreateContestInput => ({
  sportId, name: " Sunday Cup ", type: "classic", entryFee: 500, prizePool: 0, maxEntries: 3, rakePercent: 10,
  startTime: new Date(NOW.getTime() + 2 * HOUR), settings: {}, ...over,
});

export async function fantasyContest(w: World, admin: User, over: Partial<CreateContestInput> = {}) {
  const { sport, players } = await fantasySport(w, admin);
  const contest = must(await createContest(w.as(admin), contestInput(sport.id, over)));
  return { sport, players, contest };
}
