/**
 * Fantasy demo data: four sports (NFL, NBA, Soccer, AFL) with their rosters and salary caps, 29 to
 * 39 players each (names, teams, positions, salaries, projections, injuries), a few season-long
 * leagues, and open contests of several sizes starting from 20 minutes to two days after `now`,
 * some already entered by the seeded customers. Contests and entries go through the same use cases
 * as the API, so their prize pools, guarantees and entry fees are real ledger transactions.
 *
 * Ids are fixed for what tests and journeys look up: sports `fsp_nfl`, `fsp_nba`, `fsp_soccer`,
 * `fsp_afl`; contests `fc_nfl_quick` (starts 20 minutes after seeding, three entries), ... (see
 * CONTESTS below).
 */
import type { InStatement } from "@libsql/client";
import type { Database } from "./database.ts";
import { libsqlPorts } from "./index.ts";
import type { Clock, Ids } from "../../domain/shared/clock.ts";
import type { Ctx } from "../../domain/shared/context.ts";
import type { User } from "../../domain/shared/types.ts";
import type { FantasyPlayerRecord, InjuryStatus, RosterSlot } from "../../domain/fantasy/types.ts";
import { createContest } from "../../domain/fantasy/create-contest.ts";
import { enterContest } from "../../domain/fantasy/enter-contest.ts";
import { checkLineup } from "../../domain/fantasy/roster.ts";
import { mulberry32 as prng } from "../../domain/shared/prng.ts";

const slot = (name: string, ...eligible: string[]): RosterSlot => ({ slot: name, eligible: eligible.length ? eligible : [name] });

type P = [name: string, team: string, position: string, salary: number, projected: number, injury?: InjuryStatus];

interface SportSeed {
  id: string;
  name: string;
  season: string;
  roster: RosterSlot[];
  salaryCap: number;
  players: P[];
}

const SPORTS: SportSeed[] = [
  {
    id: "fsp_nfl",
    name: "NFL",
    season: "2025",
    roster: [slot("QB"), slot("RB"), slot("RB"), slot("WR"), slot("WR"), slot("WR"), slot("TE"), slot("FLEX", "RB", "WR", "TE"), slot("DST")],
    salaryCap: 50_000,
    players: [
      ["Josh Allen", "BUF", "QB", 8400, 24.1], ["Lamar Jackson", "BAL", "QB", 8300, 23.9], ["Patrick Mahomes", "KC", "QB", 8200, 22.5],
      ["Jalen Hurts", "PHI", "QB", 8000, 22.8], ["Joe Burrow", "CIN", "QB", 7600, 21.2], ["Baker Mayfield", "TB", "QB", 5600, 18.0],
      ["Christian McCaffrey", "SF", "RB", 8800, 21.0, "questionable"], ["Saquon Barkley", "PHI", "RB", 8500, 20.3],
      ["Bijan Robinson", "ATL", "RB", 8100, 19.2], ["Derrick Henry", "BAL", "RB", 7900, 18.6], ["Jahmyr Gibbs", "DET", "RB", 7700, 18.1],
      ["James Cook", "BUF", "RB", 6500, 14.6], ["Isiah Pacheco", "KC", "RB", 5800, 12.4, "out"], ["Chuba Hubbard", "CAR", "RB", 5400, 13.1],
      ["Tony Pollard", "TEN", "RB", 5200, 12.8], ["Rhamondre Stevenson", "NE", "RB", 4800, 11.0],
      ["Ja'Marr Chase", "CIN", "WR", 8900, 20.5], ["Justin Jefferson", "MIN", "WR", 8700, 19.8], ["CeeDee Lamb", "DAL", "WR", 8600, 19.1],
      ["Amon-Ra St. Brown", "DET", "WR", 8200, 18.3], ["Tyreek Hill", "MIA", "WR", 8000, 17.6], ["A.J. Brown", "PHI", "WR", 7800, 17.0],
      ["Puka Nacua", "LAR", "WR", 7400, 16.2, "doubtful"], ["Garrett Wilson", "NYJ", "WR", 6600, 14.1],
      ["Jaxon Smith-Njigba", "SEA", "WR", 5400, 12.6], ["Jameson Williams", "DET", "WR", 4900, 11.4], ["Jerry Jeudy", "CLE", "WR", 4600, 10.5],
      ["Khalil Shakir", "BUF", "WR", 4300, 10.0],
      ["Travis Kelce", "KC", "TE", 6400, 12.8], ["George Kittle", "SF", "TE", 6000, 11.9], ["Sam LaPorta", "DET", "TE", 5600, 11.0],
      ["Dallas Goedert", "PHI", "TE", 4300, 9.4, "questionable"], ["Jake Ferguson", "DAL", "TE", 3800, 8.6],
      ["San Francisco 49ers", "SF", "DST", 3400, 8.4], ["Baltimore Ravens", "BAL", "DST", 3200, 8.0], ["Buffalo Bills", "BUF", "DST", 3000, 7.0],
      ["Kansas City Chiefs", "KC", "DST", 2800, 6.8], ["Philadelphia Eagles", "PHI", "DST", 2600, 6.5],
    ],
  },
  {
    id: "fsp_nba",
    name: "NBA",
    season: "2025-26",
    roster: [slot("PG"), slot("SG"), slot("SF"), slot("PF"), slot("C"), slot("G", "PG", "SG"), slot("F", "SF", "PF"), slot("UTIL", "PG", "SG", "SF", "PF", "C")],
    salaryCap: 50_000,
    players: [
      ["Luka Doncic", "LAL", "PG", 11200, 56.3], ["Shai Gilgeous-Alexander", "OKC", "PG", 10800, 53.1], ["Stephen Curry", "GSW", "PG", 9400, 45.2],
      ["Jalen Brunson", "NYK", "PG", 9000, 44.0], ["Trae Young", "ATL", "PG", 8800, 43.2], ["Tyrese Haliburton", "IND", "PG", 8200, 41.0, "out"],
      ["Mike Conley", "MIN", "PG", 4200, 22.0], ["Tyus Jones", "PHX", "PG", 3900, 19.5],
      ["Anthony Edwards", "MIN", "SG", 9200, 45.5], ["Devin Booker", "PHX", "SG", 8700, 42.1], ["Donovan Mitchell", "CLE", "SG", 8600, 41.7],
      ["Jaylen Brown", "BOS", "SG", 8000, 38.6], ["Desmond Bane", "ORL", "SG", 6900, 33.4], ["Austin Reaves", "LAL", "SG", 6200, 30.1],
      ["Josh Hart", "NYK", "SG", 5200, 27.1], ["Bogdan Bogdanovic", "LAC", "SG", 4100, 20.3],
      ["Jayson Tatum", "BOS", "SF", 9900, 48.2, "out"], ["LeBron James", "LAL", "SF", 9600, 47.0, "questionable"], ["Kevin Durant", "HOU", "SF", 9300, 45.9],
      ["Franz Wagner", "ORL", "SF", 7600, 36.4], ["Jimmy Butler", "GSW", "SF", 7400, 35.8], ["Mikal Bridges", "NYK", "SF", 6400, 30.5],
      ["Herbert Jones", "NOP", "SF", 4300, 21.0], ["Dorian Finney-Smith", "HOU", "SF", 3600, 17.2],
      ["Giannis Antetokounmpo", "MIL", "PF", 11000, 55.4], ["Paolo Banchero", "ORL", "PF", 8400, 40.3],
      ["Zion Williamson", "NOP", "PF", 8100, 39.0, "doubtful"], ["Jaren Jackson Jr.", "MEM", "PF", 7300, 34.6], ["Evan Mobley", "CLE", "PF", 7100, 34.0],
      ["Aaron Gordon", "DEN", "PF", 5400, 26.4], ["Jonathan Isaac", "ORL", "PF", 3500, 16.0],
      ["Nikola Jokic", "DEN", "C", 12000, 60.1], ["Victor Wembanyama", "SAS", "C", 10600, 52.8], ["Joel Embiid", "PHI", "C", 10200, 50.3, "out"],
      ["Anthony Davis", "DAL", "C", 9800, 48.6], ["Domantas Sabonis", "SAC", "C", 9100, 46.3], ["Bam Adebayo", "MIA", "C", 7800, 37.2],
      ["Isaiah Hartenstein", "OKC", "C", 5600, 27.9], ["Clint Capela", "HOU", "C", 4500, 22.8],
    ],
  },
  {
    id: "fsp_soccer",
    name: "Soccer",
    season: "2025-26",
    roster: [slot("GK"), slot("DEF"), slot("DEF"), slot("MID"), slot("MID"), slot("FWD"), slot("FWD"), slot("UTIL", "DEF", "MID", "FWD")],
    salaryCap: 50_000,
    players: [
      ["Alisson Becker", "LIV", "GK", 5200, 9.1], ["David Raya", "ARS", "GK", 5000, 8.8], ["Gianluigi Donnarumma", "MCI", "GK", 4800, 8.2],
      ["Jordan Pickford", "EVE", "GK", 4200, 7.6],
      ["Virgil van Dijk", "LIV", "DEF", 5800, 9.5], ["William Saliba", "ARS", "DEF", 5600, 9.0], ["Josko Gvardiol", "MCI", "DEF", 5400, 8.7],
      ["Gabriel Magalhaes", "ARS", "DEF", 5300, 8.6, "questionable"], ["Pedro Porro", "TOT", "DEF", 5000, 8.1], ["Ben White", "ARS", "DEF", 4500, 7.0, "out"],
      ["Antonee Robinson", "FUL", "DEF", 4400, 7.2], ["Levi Colwill", "CHE", "DEF", 4200, 6.8],
      ["Mohamed Salah", "LIV", "MID", 10800, 14.6], ["Cole Palmer", "CHE", "MID", 10200, 13.9], ["Bukayo Saka", "ARS", "MID", 9600, 12.8],
      ["Bruno Fernandes", "MUN", "MID", 8200, 11.0], ["Martin Odegaard", "ARS", "MID", 8000, 10.6, "doubtful"], ["Phil Foden", "MCI", "MID", 7800, 10.1],
      ["Bryan Mbeumo", "MUN", "MID", 7000, 9.4], ["Eberechi Eze", "ARS", "MID", 6800, 9.0], ["Morgan Rogers", "AVL", "MID", 6200, 8.5],
      ["Erling Haaland", "MCI", "FWD", 11000, 14.9], ["Ollie Watkins", "AVL", "FWD", 8400, 11.2], ["Joao Pedro", "CHE", "FWD", 7400, 10.0],
      ["Chris Wood", "NFO", "FWD", 7200, 9.8], ["Jarrod Bowen", "WHU", "FWD", 6900, 9.3], ["Dominic Solanke", "TOT", "FWD", 6600, 8.9, "questionable"],
      ["Jean-Philippe Mateta", "CRY", "FWD", 6000, 8.2], ["Yoane Wissa", "NEW", "FWD", 5800, 7.9],
    ],
  },
  {
    id: "fsp_afl",
    name: "AFL",
    season: "2026",
    roster: [slot("DEF"), slot("DEF"), slot("MID"), slot("MID"), slot("MID"), slot("RUC"), slot("FWD"), slot("FWD")],
    salaryCap: 50_000,
    players: [
      ["Jack Sinclair", "STK", "DEF", 6400, 92.5], ["Lachie Whitfield", "GWS", "DEF", 6100, 88.4], ["Dayne Zorko", "BL", "DEF", 5900, 86.0],
      ["Bailey Dale", "WB", "DEF", 5800, 84.0], ["Sam Docherty", "CARL", "DEF", 5600, 81.3, "questionable"], ["Jordan Ridley", "ESS", "DEF", 5300, 78.1],
      ["Jake Lloyd", "SYD", "DEF", 5000, 74.2], ["Harris Andrews", "BL", "DEF", 4200, 62.0],
      ["Nick Daicos", "COLL", "MID", 8000, 115.0], ["Marcus Bontempelli", "WB", "MID", 7800, 112.4], ["Patrick Cripps", "CARL", "MID", 7400, 106.2],
      ["Zach Merrett", "ESS", "MID", 7300, 105.3], ["Christian Petracca", "MELB", "MID", 7200, 104.0], ["Errol Gulden", "SYD", "MID", 7100, 102.4, "out"],
      ["Caleb Serong", "FRE", "MID", 7000, 101.0], ["Clayton Oliver", "GWS", "MID", 6900, 99.5, "doubtful"], ["Tom Green", "GWS", "MID", 6700, 97.1],
      ["Lachie Neale", "BL", "MID", 6600, 96.0],
      ["Max Gawn", "MELB", "RUC", 7600, 108.1], ["Tim English", "WB", "RUC", 7000, 100.2], ["Rowan Marshall", "STK", "RUC", 6200, 91.0],
      ["Brodie Grundy", "SYD", "RUC", 5800, 85.3],
      ["Jeremy Cameron", "GEEL", "FWD", 6000, 84.2], ["Izak Rankine", "ADEL", "FWD", 5900, 83.0], ["Charlie Curnow", "CARL", "FWD", 5700, 80.0],
      ["Jesse Hogan", "GWS", "FWD", 5600, 79.4], ["Toby Greene", "GWS", "FWD", 5500, 78.8, "questionable"], ["Kysaiah Pickett", "MELB", "FWD", 5200, 75.6],
      ["Joe Daniher", "BL", "FWD", 4800, 70.1], ["Ben King", "GCS", "FWD", 4600, 67.0],
    ],
  },
];

const LEAGUES = [
  { sportId: "fsp_nfl", name: "Sunday Legends League", format: "snake_draft", maxTeams: 12, entryFee: 5000, prizePool: 50_000, start: "2025-09-04", end: "2026-01-04" },
  { sportId: "fsp_nfl", name: "Office Gridiron Classic", format: "auction_draft", maxTeams: 10, entryFee: 2000, prizePool: 18_000, start: "2025-09-04", end: "2025-12-28" },
  { sportId: "fsp_nba", name: "Hardwood Dynasty", format: "snake_draft", maxTeams: 14, entryFee: 0, prizePool: 0, start: "2025-10-21", end: "2026-04-12" },
  { sportId: "fsp_soccer", name: "Premier Fantasy Cup", format: "snake_draft", maxTeams: 16, entryFee: 1000, prizePool: 15_000, start: "2025-08-15", end: "2026-05-24" },
  { sportId: "fsp_afl", name: "Footy Mates League", format: "snake_draft", maxTeams: 8, entryFee: 2500, prizePool: 20_000, start: "2026-03-05", end: "2026-08-23" },
];

/** minutes: from `now` to the start; entrants: how many seeded customers enter (in order). */
const CONTESTS: {
  id: string; sportId: string; name: string; entryFee: number; guaranteed: number; maxEntries: number; minutes: number;
  hours: number; rake?: number; entrants: number;
}[] = [
  { id: "fc_nfl_quick", sportId: "fsp_nfl", name: "NFL Quick Slate", entryFee: 500, guaranteed: 0, maxEntries: 50, minutes: 20, hours: 2, entrants: 3 },
  { id: "fc_nba_double", sportId: "fsp_nba", name: "NBA Early Tip-Off", entryFee: 500, guaranteed: 0, maxEntries: 20, minutes: 45, hours: 2.5, entrants: 2 },
  { id: "fc_nba_tonight", sportId: "fsp_nba", name: "NBA Tonight $10 Tournament", entryFee: 1000, guaranteed: 0, maxEntries: 100, minutes: 120, hours: 3, entrants: 3 },
  { id: "fc_nfl_h2h", sportId: "fsp_nfl", name: "NFL Head-to-Head", entryFee: 1000, guaranteed: 0, maxEntries: 2, minutes: 180, hours: 3, entrants: 1 },
  { id: "fc_epl_5aside", sportId: "fsp_soccer", name: "EPL Five-a-Side", entryFee: 1500, guaranteed: 0, maxEntries: 20, minutes: 240, hours: 2, entrants: 2 },
  { id: "fc_nfl_showdown", sportId: "fsp_nfl", name: "NFL Sunday Showdown", entryFee: 2500, guaranteed: 0, maxEntries: 10, minutes: 360, hours: 3.5, entrants: 2 },
  { id: "fc_afl_friday", sportId: "fsp_afl", name: "AFL Friday Night Footy", entryFee: 1500, guaranteed: 25_000, maxEntries: 200, minutes: 480, hours: 3, entrants: 2 },
  { id: "fc_nfl_million", sportId: "fsp_nfl", name: "NFL Sunday Million", entryFee: 2000, guaranteed: 500_000, maxEntries: 1000, minutes: 1560, hours: 8, rake: 12, entrants: 2 },
  { id: "fc_nba_freeroll", sportId: "fsp_nba", name: "NBA Freeroll", entryFee: 0, guaranteed: 10_000, maxEntries: 500, minutes: 1680, hours: 3, rake: 0, entrants: 1 },
  { id: "fc_epl_matchday", sportId: "fsp_soccer", name: "Premier League Matchday Special", entryFee: 300, guaranteed: 100_000, maxEntries: 500, minutes: 1800, hours: 4, entrants: 0 },
  { id: "fc_afl_saturday", sportId: "fsp_afl", name: "AFL Super Saturday", entryFee: 500, guaranteed: 0, maxEntries: 50, minutes: 3000, hours: 3, entrants: 0 },
];

const playerId = (sportId: string, i: number) => `fpl_${sportId.slice(4)}_${String(i + 1).padStart(2, "0")}`;

/** A valid lineup for the roster under the cap, drawn with `r` (retries until one passes checkLineup). */
function drawLineup(sport: SportSeed, players: FantasyPlayerRecord[], r: () => number): string[] {
  const pool = players.filter((p) => p.injuryStatus !== "out");
  const cheapest = Math.min(...pool.map((p) => p.salary));
  for (let attempt = 0; attempt < 200; attempt++) {
    const picked: FantasyPlayerRecord[] = [];
    let budget = sport.salaryCap;
    for (let s = 0; s < sport.roster.length; s++) {
      const left = sport.roster.length - s - 1;
      const options = pool.filter(
        (p) =>
          !picked.includes(p) &&
          (sport.roster[s].eligible.length === 0 || sport.roster[s].eligible.includes(p.position)) &&
          budget - p.salary >= left * cheapest,
      );
      if (options.length === 0) break;
      const choice = options[Math.floor(r() * options.length)];
      picked.push(choice);
      budget -= choice.salary;
    }
    const lineup = picked.map((p) => p.id);
    if (checkLineup({ lineup, roster: sport.roster, salaryCap: sport.salaryCap, sportId: sport.id }, players).ok) return lineup;
  }
  throw new Error(`seed: no valid ${sport.name} lineup found`);
}

export async function seedFantasyData(d: Database, ids: Ids, now: Date = new Date()): Promise<void> {
  const r = prng(20261122);
  const at = now.getTime();
  const statements: InStatement[] = [];
  const playersBySport = new Map<string, FantasyPlayerRecord[]>();
  for (const s of SPORTS) {
    statements.push({
      sql: `INSERT INTO fantasy_sports (id, name, season, status, settings, roster, salary_cap, created_at, created_by)
            VALUES (?, ?, ?, 'active', '{}', ?, ?, ?, NULL)`,
      args: [s.id, s.name, s.season, JSON.stringify(s.roster), s.salaryCap, at - 14 * 86_400_000],
    });
    const records = s.players.map(([name, team, position, salary, projected, injury], i): FantasyPlayerRecord => ({
      id: playerId(s.id, i),
      sportId: s.id,
      name,
      team,
      position,
      salary,
      projectedX100: Math.round(projected * 100),
      injuryStatus: injury ?? "healthy",
      createdAt: new Date(at - 14 * 86_400_000),
    }));
    playersBySport.set(s.id, records);
    for (const p of records)
      statements.push({
        sql: `INSERT INTO fantasy_players (id, sport_id, name, team, position, salary, projected_x100, injury_status, created_at)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        args: [p.id, p.sportId, p.name, p.team, p.position, p.salary, p.projectedX100, p.injuryStatus, p.createdAt.getTime()],
      });
  }
  LEAGUES.forEach((l, i) =>
    statements.push({
      sql: `INSERT INTO fantasy_leagues (id, sport_id, name, type, format, max_teams, entry_fee, prize_pool, season_start, season_end, status, settings, created_at, created_by)
            VALUES (?, ?, ?, 'season_long', ?, ?, ?, ?, ?, ?, 'active', '{}', ?, NULL)`,
      args: [`flg_${String(i + 1).padStart(2, "0")}`, l.sportId, l.name, l.format, l.maxTeams, l.entryFee, l.prizePool, l.start, l.end,
        at - (10 - i) * 86_400_000],
    }),
  );
  await d.client.batch(statements, "write");

  const ports = libsqlPorts(d);
  const staff = await d.client.execute("SELECT id FROM users WHERE role = 'admin' AND is_demo = 0 ORDER BY created_at, rowid LIMIT 1");
  const people = await d.client.execute("SELECT id FROM users WHERE role = 'customer' AND is_demo = 0 ORDER BY created_at, rowid");
  const admin = staff.rows[0] ? await ports.users.findById(String(staff.rows[0].id)) : null;
  const customers = (await Promise.all(people.rows.map((row) => ports.users.findById(String(row.id))))).filter((u): u is User => !!u);
  if (!admin) return; // no operator to create contests (the betting seed always makes one)

  // Contests get their fixed ids; every other id comes from `ids`.
  let nextContestId: string | null = null;
  const seedIds: Ids = { next: (prefix) => (prefix === "fc" && nextContestId ? nextContestId : ids.next(prefix)) };
  const ctxFor = (user: User, clockAt: Date): Ctx => ({
    actor: { kind: "user", user, sessionId: "seed" },
    ports,
    clock: { now: () => clockAt } satisfies Clock,
    ids: seedIds,
  });

  let turn = 0;
  for (const c of CONTESTS) {
    nextContestId = c.id;
    const created = await createContest(ctxFor(admin, new Date(at - 2 * 86_400_000)), {
      sportId: c.sportId,
      name: c.name,
      type: c.entryFee === 0 ? "freeroll" : c.maxEntries === 2 ? "head_to_head" : "tournament",
      entryFee: c.entryFee,
      prizePool: c.guaranteed,
      maxEntries: c.maxEntries,
      rakePercent: c.rake ?? 10,
      startTime: new Date(at + c.minutes * 60_000),
      endTime: new Date(at + c.minutes * 60_000 + c.hours * 3_600_000),
      settings: {},
    });
    nextContestId = null;
    if (!created.ok) throw new Error(`seed contest refused: ${created.error.code} ${created.error.message}`);
    const sport = SPORTS.find((s) => s.id === c.sportId)!;
    for (let k = 0; k < c.entrants && customers.length > 0; k++) {
      const customer = customers[turn++ % customers.length];
      const lineup = drawLineup(sport, playersBySport.get(sport.id)!, r);
      const entered = await enterContest(ctxFor(customer, new Date(at - (c.entrants - k) * 3_600_000)), c.id, { lineup });
      if (!entered.ok && entered.error.code !== "FANTASY.ALREADY_ENTERED")
        throw new Error(`seed entry refused: ${entered.error.code} ${entered.error.message}`);
    }
  }
}
