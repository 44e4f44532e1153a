/**
 * Demo data that looks real: sports, ~45 events (live, upcoming, a few finished), markets with
 * priced outcomes, staff and customers, and bets placed and settled through the same use cases
 * the API uses, so the ledger of a fresh database is as consistent as one built by real traffic.
 */
import { defaultPlaceTerms } from "../../domain/settlement/each-way.ts";
import type { InStatement } from "@libsql/client";
import type { Database } from "./database.ts";
import { libsqlPorts } from "./index.ts";
import { seedSameGameMultis } from "./seed-betting.ts";
import { seedFantasyData } from "./seed-fantasy.ts";
import { placeBet } from "../../domain/betting/place-bet.ts";
import { updateEvent } from "../../domain/markets/update-event.ts";
import { gradeMarket, minuteOf, quoteMarket } from "../../domain/pricing/index.ts";
import type { MatchModel, MatchState, MarketType, Role, SportCode, User } from "../../domain/shared/types.ts";
import { initialState, kickOff, modelFor, playFor } from "../feed/engine/index.ts";
import { ledgerTransaction, PROMOTIONS_ACCOUNT, transfer, walletAccountId } from "../../domain/wallet/ledger.ts";
import { formatOdds } from "../../domain/shared/odds.ts";
import type { Ctx } from "../../domain/shared/context.ts";
import type { Clock, Ids } from "../../domain/shared/clock.ts";
import { mulberry32 as prng } from "../../domain/shared/prng.ts";

const SPORTS: { code: SportCode; name: string; hasDraw: boolean }[] = [
  { code: "soccer", name: "Soccer", hasDraw: true },
  { code: "basketball", name: "Basketball", hasDraw: false },
  { code: "tennis", name: "Tennis", hasDraw: false },
  { code: "nfl", name: "NFL", hasDraw: false },
  { code: "hockey", name: "Hockey", hasDraw: true },
  { code: "mlb", name: "Baseball", hasDraw: false },
  { code: "afl", name: "AFL", hasDraw: true },
  { code: "nrl", name: "NRL", hasDraw: false },
  { code: "golf", name: "Golf", hasDraw: false },
  { code: "cricket", name: "Cricket", hasDraw: true },
  { code: "racing", name: "Racing", hasDraw: false },
];

type Fixture = { sport: SportCode; league: string; home: string; away: string; when: "live" | "upcoming" | "finished"; hours: number; featured?: boolean };

/** hours: for live, minutes-ago/60 the match began; for upcoming, hours from now; for finished, hours ago. */
const FIXTURES: Fixture[] = [
  { sport: "soccer", league: "English Premier League", home: "Arsenal", away: "Chelsea", when: "live", hours: 0.6, featured: true },
  { sport: "soccer", league: "English Premier League", home: "Liverpool", away: "Manchester City", when: "live", hours: 1.68, featured: true },
  { sport: "soccer", league: "English Premier League", home: "Tottenham Hotspur", away: "Newcastle United", when: "upcoming", hours: 3 },
  { sport: "soccer", league: "English Premier League", home: "Manchester United", away: "Aston Villa", when: "upcoming", hours: 27 },
  { sport: "soccer", league: "A-League Men", home: "Melbourne Victory", away: "Sydney FC", when: "upcoming", hours: 6, featured: true },
  { sport: "soccer", league: "A-League Men", home: "Western Sydney Wanderers", away: "Adelaide United", when: "finished", hours: 20 },
  { sport: "basketball", league: "NBA", home: "Los Angeles Lakers", away: "Boston Celtics", when: "live", hours: 0.5, featured: true },
  { sport: "basketball", league: "NBA", home: "Golden State Warriors", away: "Denver Nuggets", when: "upcoming", hours: 9 },
  { sport: "basketball", league: "NBA", home: "Milwaukee Bucks", away: "Philadelphia 76ers", when: "upcoming", hours: 33 },
  { sport: "basketball", league: "NBL", home: "Sydney Kings", away: "Perth Wildcats", when: "live", hours: 0.72 },
  { sport: "tennis", league: "ATP Finals", home: "Jannik Sinner", away: "Carlos Alcaraz", when: "live", hours: 0.9, featured: true },
  { sport: "tennis", league: "ATP Finals", home: "Novak Djokovic", away: "Alexander Zverev", when: "upcoming", hours: 5 },
  { sport: "tennis", league: "WTA Finals", home: "Aryna Sabalenka", away: "Iga Swiatek", when: "upcoming", hours: 29 },
  { sport: "nfl", league: "NFL", home: "Kansas City Chiefs", away: "Buffalo Bills", when: "upcoming", hours: 4, featured: true },
  { sport: "nfl", league: "NFL", home: "Philadelphia Eagles", away: "Dallas Cowboys", when: "live", hours: 0.7 },
  { sport: "nfl", league: "NFL", home: "San Francisco 49ers", away: "Green Bay Packers", when: "upcoming", hours: 28 },
  { sport: "nfl", league: "NFL", home: "Baltimore Ravens", away: "Cincinnati Bengals", when: "finished", hours: 22 },
  { sport: "hockey", league: "NHL", home: "Toronto Maple Leafs", away: "Montreal Canadiens", when: "live", hours: 1.15 },
  { sport: "hockey", league: "NHL", home: "New York Rangers", away: "Boston Bruins", when: "upcoming", hours: 10 },
  { sport: "mlb", league: "MLB", home: "Los Angeles Dodgers", away: "New York Yankees", when: "upcoming", hours: 7, featured: true },
  { sport: "mlb", league: "MLB", home: "Houston Astros", away: "Atlanta Braves", when: "upcoming", hours: 31 },
  { sport: "mlb", league: "MLB", home: "Chicago Cubs", away: "St. Louis Cardinals", when: "finished", hours: 19 },
  { sport: "afl", league: "AFL", home: "Collingwood", away: "Carlton", when: "live", hours: 1.0, featured: true },
  { sport: "afl", league: "AFL", home: "Brisbane Lions", away: "Geelong Cats", when: "upcoming", hours: 8 },
  { sport: "afl", league: "AFL", home: "Sydney Swans", away: "Melbourne", when: "upcoming", hours: 32 },
  { sport: "afl", league: "AFL", home: "Richmond", away: "Essendon", when: "upcoming", hours: 52 },
  { sport: "nrl", league: "NRL", home: "Penrith Panthers", away: "Melbourne Storm", when: "live", hours: 1.45, featured: true },
  { sport: "nrl", league: "NRL", home: "Brisbane Broncos", away: "Sydney Roosters", when: "upcoming", hours: 5.5 },
  { sport: "nrl", league: "NRL", home: "South Sydney Rabbitohs", away: "Parramatta Eels", when: "upcoming", hours: 30 },
  { sport: "golf", league: "DP World Tour Championship", home: "Rory McIlroy", away: "Jon Rahm", when: "upcoming", hours: 2.5, featured: true },
  { sport: "golf", league: "DP World Tour Championship", home: "Tommy Fleetwood", away: "Ludvig Aberg", when: "upcoming", hours: 2.7 },
  { sport: "golf", league: "Australian PGA", home: "Cameron Smith", away: "Adam Scott", when: "upcoming", hours: 26 },
  { sport: "cricket", league: "One-Day International", home: "Australia", away: "England", when: "live", hours: 2.0, featured: true },
  { sport: "cricket", league: "T20 International", home: "India", away: "South Africa", when: "upcoming", hours: 11 },
  { sport: "cricket", league: "Big Bash League", home: "Sydney Sixers", away: "Perth Scorchers", when: "upcoming", hours: 34 },
  { sport: "racing", league: "Flemington", home: "Flemington", away: "Race 3", when: "upcoming", hours: 0.5, featured: true },
  { sport: "racing", league: "Flemington", home: "Flemington", away: "Race 4", when: "upcoming", hours: 1.0 },
  { sport: "racing", league: "Randwick", home: "Randwick", away: "Race 5", when: "upcoming", hours: 0.75 },
  { sport: "racing", league: "Eagle Farm", home: "Eagle Farm", away: "Race 2", when: "upcoming", hours: 1.4 },
  { sport: "racing", league: "Morphettville", home: "Morphettville", away: "Race 6", when: "upcoming", hours: 2.1 },
];

const RUNNERS = [
  "Zoustar Lad", "Midnight Harbour", "Coastal Mist", "Iron Duchess", "Southern Legend", "Quick Return",
  "Bold Venture", "Silver Sovereign", "Harbour Lights", "Golden Wattle", "Red Centre", "Ocean Drift",
  "Kingsford", "Lady Banjo", "Storm Chaser", "Outback Star", "Winter Solstice", "Tasman Sea",
];

const DISTANCES = ["1000m", "1200m", "1400m", "1600m", "2000m"];

/** A market as seeded: its outcome codes and line say what it is on; prices come from the pricing model. */
type MarketSeed = { type: MarketType; name: string; line: number | null; outcomes: { name: string; code: string }[] };

function marketsFor(f: Fixture, runners: number): MarketSeed[] {
  if (f.sport === "racing") {
    return [
      {
        type: "full_time_result",
        name: "Race Winner",
        line: null,
        outcomes: Array.from({ length: runners }, (_, i) => ({ name: `${i + 1}. ${RUNNERS[(runnerStart(f) + i) % RUNNERS.length]}`, code: `r${i + 1}` })),
      },
      {
        type: "over_under",
        name: "Winning Margin Over/Under 1.5 Lengths",
        line: 1.5,
        outcomes: [{ name: "Over 1.5 Lengths", code: "over" }, { name: "Under 1.5 Lengths", code: "under" }],
      },
    ];
  }
  const wdw = SPORTS.find((s) => s.code === f.sport)!.hasDraw;
  const resultName = f.sport === "golf" ? "Head to Head" : wdw ? "Match Result" : "Head to Head";
  const markets: MarketSeed[] = [
    {
      type: "full_time_result",
      name: resultName,
      line: null,
      outcomes: wdw
        ? [{ name: f.home, code: "home" }, { name: "Draw", code: "draw" }, { name: f.away, code: "away" }]
        : [{ name: f.home, code: "home" }, { name: f.away, code: "away" }],
    },
  ];
  const total: Partial<Record<SportCode, [string, number]>> = {
    soccer: ["Goals", 2.5], basketball: ["Points", f.league === "NBL" ? 175.5 : 224.5], tennis: ["Games", 22.5], nfl: ["Points", 45.5],
    hockey: ["Goals", 5.5], mlb: ["Runs", 8.5], afl: ["Points", 164.5], nrl: ["Points", 42.5], cricket: ["Match Sixes", f.league.includes("T20") || f.league.includes("Big Bash") ? 11.5 : 8.5],
    golf: ["Combined Strokes", 140.5],
  };
  const t = total[f.sport];
  if (t) {
    markets.push({
      type: "over_under",
      name: `Total ${t[0]} Over/Under ${t[1]}`,
      line: t[1],
      outcomes: [{ name: `Over ${t[1]}`, code: "over" }, { name: `Under ${t[1]}`, code: "under" }],
    });
  }
  const line: Partial<Record<SportCode, number>> = {
    basketball: 5.5, nfl: 3.5, afl: 12.5, nrl: 6.5, mlb: 1.5, soccer: 1, hockey: 1.5, tennis: 3.5, golf: 1.5, cricket: 20.5,
  };
  const lineNames: Partial<Record<SportCode, string>> = {
    mlb: "Run Line", soccer: "Asian Handicap", tennis: "Games Handicap", golf: "Strokes Handicap", cricket: "Runs Handicap",
  };
  const l = line[f.sport];
  if (l !== undefined) {
    // The home side gives the line (golf: strokes, so giving strokes is +).
    const homeLine = f.sport === "golf" ? l : -l;
    const sign = (x: number) => (x > 0 ? `+${x}` : `${x}`);
    markets.push({
      type: "handicap",
      name: lineNames[f.sport] ?? "Line",
      line: homeLine,
      outcomes: [{ name: `${f.home} ${sign(homeLine)}`, code: "home" }, { name: `${f.away} ${sign(-homeLine)}`, code: "away" }],
    });
  }
  if (f.sport === "soccer") {
    markets.push({ type: "both_teams_score", name: "Both Teams to Score", line: null, outcomes: [{ name: "Yes", code: "yes" }, { name: "No", code: "no" }] });
    const scores = ["1-0", "2-0", "2-1", "3-0", "3-1", "0-0", "1-1", "2-2", "0-1", "0-2", "1-2", "1-3"];
    markets.push({
      type: "correct_score",
      name: "Correct Score",
      line: null,
      outcomes: [...scores.map((sc) => ({ name: sc, code: sc })), { name: "Any other", code: "other" }],
    });
  }
  return markets;
}

const runnerStart = (f: Fixture) => (f.home.length * 7 + f.away.length * 3) % RUNNERS.length;

/** Where a fixture stands when the demo starts: its model, its state, and the markets priced from them. */
function playFixture(f: Fixture, r: () => number): { model: MatchModel; state: MatchState } {
  const runners = f.sport === "racing" ? 8 + Math.floor(r() * 3) : undefined;
  const model = modelFor(f.sport, { homeShare: 0.3 + r() * 0.4, league: f.league, runners, random: r });
  const fresh = initialState(f.sport, model, { league: f.league, runners });
  if (f.when === "upcoming") return { model, state: fresh };
  if (f.when === "finished") {
    // Played to the end: the final state grades every market.
    let state = kickOff(fresh);
    for (let i = 0; i < 200 && state.phase !== "finished"; i++) state = playFor(state, model, 3600, r);
    return { model, state };
  }
  // Live: played in real time from its start; never already over (a slower start if it would be).
  for (let hours = f.hours; ; hours *= 0.8) {
    const state = playFor(kickOff(fresh), model, hours * 3600, r);
    if (state.phase !== "finished") return { model, state };
  }
}

const PEOPLE: { first: string; last: string; role: Role; credits: number }[] = [
  { first: "Sarah", last: "Mitchell", role: "admin", credits: 0 },
  { first: "Marcus", last: "Lee", role: "trader", credits: 0 },
  { first: "Jack", last: "Thompson", role: "customer", credits: 250_000 },
  { first: "Olivia", last: "Nguyen", role: "customer", credits: 120_000 },
  { first: "Liam", last: "O'Brien", role: "customer", credits: 80_000 },
  { first: "Charlotte", last: "Wilson", role: "customer", credits: 300_000 },
  { first: "Noah", last: "Patel", role: "customer", credits: 50_000 },
];

export async function isEmpty(d: Database): Promise<boolean> {
  const rs = await d.client.execute("SELECT COUNT(*) AS n FROM sports");
  return Number(rs.rows[0].n) === 0;
}

export async function seedDemoData(d: Database, ids: Ids, now: Date = new Date()): Promise<void> {
  const r = prng(20261121);
  const at = now.getTime();
  const statements: InStatement[] = SPORTS.map((s, i) => ({
    sql: "INSERT INTO sports (code, name, sort_order, has_draw) VALUES (?, ?, ?, ?)",
    args: [s.code, s.name, i, s.hasDraw ? 1 : 0],
  }));
  const eventIds: string[] = [];
  const finalStates = new Map<string, MatchState>();
  FIXTURES.forEach((f, i) => {
    const id = `evt_${String(i + 1).padStart(3, "0")}`;
    eventIds.push(id);
    const start =
      f.when === "upcoming" ? at + f.hours * 3_600_000 : at - f.hours * 3_600_000;
    const isRace = f.sport === "racing";
    const name = isRace ? `${f.home} ${f.away}` : `${f.home} vs ${f.away}`;
    const description = isRace
      ? `${f.home} ${f.away} · ${DISTANCES[i % DISTANCES.length]} Handicap`
      : `${f.league}: ${f.home} v ${f.away}`;
    // Finished fixtures start as upcoming with their final state: their bets are placed first (at
    // pre-match prices), then they finish, which grades every market, and the bets settle.
    const live = f.when === "live";
    const { model, state } = playFixture(f, r);
    finalStates.set(id, state);
    const priceFrom = f.when === "finished" ? initialState(f.sport, model, { league: f.league, runners: model.runnerProbs?.length }) : state;
    statements.push({
      sql: `INSERT INTO events (id, sport, league, home_team, away_team, name, description, start_time, status, minute, home_score, away_score, featured, updated_at, state, model, state_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      args: [id, f.sport, f.league, f.home, f.away, name, description, start, live ? "live" : "upcoming",
        live ? minuteOf(state) : null, live ? state.home : null, live ? state.away : null,
        f.featured ? 1 : 0, at, JSON.stringify(f.when === "finished" ? state : priceFrom), JSON.stringify(model), at],
    });
    marketsFor(f, model.runnerProbs?.length ?? 0).forEach((m, mi) => {
      const marketId = `${id}-m${mi + 1}`;
      const spec = { type: m.type, line: m.line, codes: m.outcomes.map((o) => o.code) };
      const results = f.when === "live" ? gradeMarket(spec, state) : m.outcomes.map(() => null);
      const quote = quoteMarket(spec, priceFrom, model);
      const prices = quote.prices;
      const closed = results.every((x) => x !== null);
      // A market whose price would be 1.02 or shorter is taken down, as the feed does (demo-feed.ts).
      const tooShort = !closed && quote.tooShort;
      // A race's winner market is each way on the standard terms by field size (each-way.ts).
      const ew = f.sport === "racing" && m.type === "full_time_result" ? defaultPlaceTerms(m.outcomes.length) : null;
      statements.push({
        sql: "INSERT INTO markets (id, event_id, type, name, status, suspended_reason, sort_order, updated_at, line, ew_fraction_num, ew_fraction_den, ew_places) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        args: [marketId, id, m.type, m.name, closed ? "closed" : tooShort ? "suspended" : "open", tooShort ? "price_too_short" : null, mi, at, m.line, ew?.fractionNum ?? null, ew?.fractionDen ?? null, ew?.places ?? null],
      });
      m.outcomes.forEach((o, oi) =>
        statements.push({
          sql: "INSERT INTO outcomes (id, market_id, name, price_milli, sort_order, updated_at, code, result) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
          // A decided outcome keeps a nominal price: it is not offered.
          args: [`${marketId}-o${oi + 1}`, marketId, o.name, prices[oi] ?? 1010, oi, at, o.code, results[oi]],
        }),
      );
    });
  });
  await d.client.batch(statements, "write");

  const ports = libsqlPorts(d);
  const people: User[] = [];
  for (const p of PEOPLE) {
    const id = ids.next("usr");
    const user: User = {
      id,
      email: `${p.first}.${p.last}`.toLowerCase().replace(/[^a-z.]/g, "") + "@example.com",
      firstName: p.first,
      lastName: p.last,
      role: p.role,
      isDemo: false,
      isActive: true,
      verificationLevel: "full",
      createdAt: new Date(at - 30 * 86_400_000),
    };
    const grant =
      p.credits > 0
        ? ledgerTransaction(
            { id: ids.next("tx"), kind: "demo_grant", reference: id, createdAt: user.createdAt, createdBy: null },
            transfer(PROMOTIONS_ACCOUNT, walletAccountId(id), p.credits),
          )
        : null;
    if (grant && !grant.ok) throw new Error(grant.error.message);
    await ports.users.create(user, p.role === "customer" ? { grant: grant ? grant.value : null } : null);
    people.push(user);
  }
  const admin = people.find((u) => u.role === "admin")!;
  const customers = people.filter((u) => u.role === "customer");

  const ctxFor = (user: User, clockAt: Date): Ctx => ({
    actor: { kind: "user", user, sessionId: "seed" },
    ports,
    clock: { now: () => clockAt } satisfies Clock,
    ids,
  });

  // Bets: each customer backs a few events; the finished fixtures' bets are placed before kick-off.
  const events = await ports.events.list({ status: "all", limit: 200 });
  const byId = new Map(events.map((e) => [e.id, e]));
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)];
  const finished = FIXTURES.map((f, i) => (f.when === "finished" ? eventIds[i] : null)).filter((x): x is string => !!x);
  const open = eventIds.filter((id) => !finished.includes(id));
  const placed: { betId: string; eventIds: string[] }[] = [];
  for (const c of customers) {
    const plans: string[][] = [[pick(finished)], [pick(open)], [pick(open)], [pick(finished), pick(open)]];
    for (const legs of plans) {
      const uniq = [...new Set(legs)];
      const selections = uniq.map((eid) => {
        const e = byId.get(eid)!;
        const m = e.markets[0];
        const o = pick(m.outcomes.filter((x) => !x.result));
        return { eventId: e.id, marketId: m.id, outcomeId: o.id, odds: formatOdds(o.priceMilli) };
      });
      const when = new Date(Math.min(at, ...uniq.map((eid) => byId.get(eid)!.startTime.getTime())) - 3_600_000);
      const stake = (5 + Math.floor(r() * 20)) * 500;
      const res = await placeBet(ctxFor(c, when), { selections, stake, betType: uniq.length > 1 ? "multiple" : "single" }, null);
      if (!res.ok) throw new Error(`seed bet refused: ${res.error.code} ${res.error.message}`);
      placed.push({ betId: res.value.response.bet.id, eventIds: uniq });
    }
  }

  // Finish the finished fixtures with their final score: that grades every market from the final
  // state, and the system settles their bets (a multiple with an open leg waits for it).
  for (const eid of finished) {
    const f = FIXTURES[eventIds.indexOf(eid)];
    const final = finalStates.get(eid)!;
    const endedAt = new Date(at - (f.hours - 2) * 3_600_000);
    const res = await updateEvent(ctxFor(admin, endedAt), eid, { status: "finished", homeScore: final.home, awayScore: final.away });
    if (!res.ok) throw new Error(res.error.message);
  }
  await seedSameGameMultis(d, ids, now);
  await seedFantasyData(d, ids, now);
  await (await import("./seed-fraud.ts")).seedFraudData(d, ids, now);
  // Everyone the seed wrote is a sample account: within a demo staff member's reach (the demo
  // sandbox, docs/security.md), unlike anyone who registers later.
  await d.client.execute("UPDATE users SET is_sample = 1 WHERE is_demo = 0 AND password_hash IS NULL");
}
