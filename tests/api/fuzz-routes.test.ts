/**
 * Bad input, fuzzed: every route of the API, found by asking the app itself (its OpenAPI document,
 * cross-checked against Hono's registered routes), gets property-based requests (fast-check) with
 * random path parameters, query strings, headers and bodies, as anonymous, customer, trader and
 * admin (the admin and trader see past the staff role checks, the customer past the customer ones,
 * so validation and the use cases are really reached).
 *
 * Bodies are mostly "near-valid": generated from the operation's own request schema in the OpenAPI
 * document (so new routes are picked up without touching this file), filled with ids and values
 * harvested from the API's own GET responses, then mutated (negative and fractional cents, NaN and
 * 1e309, 100k-character strings, deep nesting, unknown fields, missing required fields, wrong
 * types). The rest is malformed JSON, wrong content types and JSON of the wrong shape.
 *
 * Properties, for every response: status < 500; every 4xx is the JSON error envelope
 * { error: { code, message, requestId } } with a code like AREA.REASON and the request id of the
 * X-Request-Id header, and says Cache-Control: no-store; every status answered is one the
 * operation documents (a 404 ROUTE.NOT_FOUND aside: the fuzzed path matched no route, so the
 * operation never answered); and every request that was not answered 2xx left the ledger
 * (postings, balances) and the bets table exactly as they were. After all runs the ledger still balances:
 * every transaction sums to zero, every cached balance equals its postings, no wallet or fantasy
 * pool is below zero.
 *
 * Every operation in the document gets RUNS requests (36 by default): a few as each actor, then
 * mostly as the actors that got past the role checks; each request fuzzes one part (path, query,
 * headers incl. session cookies, body) and keeps the others valid, or fuzzes all or none of them.
 * SSE responses are not read: the request is aborted as soon as the stream opens.
 *
 * Seeds are fixed (FUZZ_SEED changes the base seed; each operation derives its own), and a failure
 * names the operation, the seeds and the request (long strings shortened). The ids in the database
 * are random, so a replay picks the same kinds of values, not byte-identical ids.
 * FUZZ_RUNS: runs per operation. FUZZ_SHRINK=1: shrink a counterexample before reporting.
 * FUZZ_VERBOSE=1: statuses per operation. FUZZ_DEBUG=<part of "METHOD /path">: print each request.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { demoLogin, ledgerInvariants, makeTestApp } from "../fixtures/test-app.ts";
import { Harvest } from "./fuzz/harvest.ts";
import { ledgerSnapshot as snapshotOf, snapshotDiff, type Snapshot } from "./fuzz/ledger-snapshot.ts";
import { type OpenApiDocument, documentedOperations, opKey, registeredApiRoutes } from "./fuzz/operations.ts";
import { ACTORS, type ActorName, type FuzzInput, actorsFavouring, anyActor, describeInput, requestArbitraries, short } from "./fuzz/requests.ts";
import { JSON_TYPE, type Operation, enc, junkPathValue, kindOf } from "./fuzz/values.ts";

// ---------------------------------------------------------------------------------------------
// The app under test, and what it says about itself (top-level await: tests are made per route)
// ---------------------------------------------------------------------------------------------

const t = await makeTestApp();
afterAll(() => t.close());

const docRes = await t.app.request("/api/openapi.json");
if (docRes.status !== 200) throw new Error(`GET /api/openapi.json answered ${docRes.status}`);
const doc = (await docRes.json()) as OpenApiDocument;
const documented = documentedOperations(doc);

/**
 * Registered under /api but deliberately not in the OpenAPI document. Keep this list short: every
 * JSON route, and the non-JSON ones made with createRoute (login/logout redirects, the live-odds
 * event stream, CSV exports), are documented and must stay so.
 */
const NOT_DOCUMENTED: Record<string, string> = {
  "GET /api/openapi.json": "the OpenAPI document itself",
  "GET /api/docs": "the HTML rendering of the OpenAPI document",
  "ALL /api/*": "the catch-all that answers unknown API paths with the JSON 404 envelope",
};

/** Every documented operation, plus the undocumented GETs (fuzzed with junk query strings). */
const operations: Operation[] = [
  ...documented,
  ...Object.keys(NOT_DOCUMENTED)
    .filter((k) => k.startsWith("GET "))
    .map((k) => ({ method: "GET", path: k.slice(4), parameters: [], body: null, statuses: null })),
];

// ---------------------------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------------------------

const BASE_SEED = Number(process.env.FUZZ_SEED ?? 20_260_611);
const RUNS = Number(process.env.FUZZ_RUNS ?? 36);
const SHRINK = process.env.FUZZ_SHRINK === "1";
const CODE = /^[A-Z]+\.[A-Z_]+$/;

function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
const seedFor = (key: string) => (BASE_SEED ^ hash32(key)) | 0;

// ---------------------------------------------------------------------------------------------
// Actors: signed-in demo users, re-created when a fuzzed request ended their session
// ---------------------------------------------------------------------------------------------

const cookies: Record<ActorName, string> = { anonymous: "", customer: "", trader: "", admin: "" };
const stale = new Set<ActorName>();
let relogins = 0;

async function signIn(name: Exclude<ActorName, "anonymous">) {
  cookies[name] = (await demoLogin(t, name)).cookie;
  stale.delete(name);
  lastSnapshot = null;
}

async function cookieOf(name: ActorName): Promise<string> {
  if (name !== "anonymous" && stale.has(name)) {
    relogins++;
    await signIn(name);
  }
  return cookies[name];
}

/** Whether a signed-in actor's session still works (a fuzzed logout, demo login or suspension may end it). */
async function stillSignedIn(name: ActorName) {
  const res = await t.app.request("/api/auth/user", { headers: { cookie: cookies[name] } });
  await res.body?.cancel();
  return res.status === 200;
}

// ---------------------------------------------------------------------------------------------
// What the API itself hands out, and the requests aimed with it
// ---------------------------------------------------------------------------------------------

const pool = new Harvest();
const { inputArb } = requestArbitraries(doc.components?.schemas ?? {}, pool);

async function harvestAll() {
  const gets = documented.filter((op) => op.method === "GET" && !op.parameters.some((p) => p.in === "path" || (p.required && p.in === "query")));
  for (const op of gets) {
    const lastStatic = op.path.split("/").filter((s) => s && !s.startsWith("{")).pop() ?? "";
    const queries = [""];
    for (const p of op.parameters.filter((p) => p.in === "query"))
      for (const v of ((p.schema?.enum as unknown[] | undefined) ?? []).slice(0, 6)) queries.push(`?${encodeURIComponent(p.name)}=${encodeURIComponent(String(v))}`);
    for (const actor of ["admin", "customer"] as const)
      for (const q of queries) {
        const ac = new AbortController();
        const res = await t.app.request(`${op.path}${q}`, { headers: { cookie: cookies[actor] }, signal: ac.signal });
        // A GET that ended the session it was sent with (none should): sign in again.
        if (res.headers.getSetCookie().some((c) => /^(__Host-sid|sid)=/.test(c))) await signIn(actor);
        if (res.status !== 200 || !(res.headers.get("content-type") ?? "").includes("application/json")) {
          ac.abort();
          await res.body?.cancel().catch(() => {});
          continue;
        }
        pool.harvest(await res.json(), kindOf(lastStatic));
      }
  }
}

// ---------------------------------------------------------------------------------------------
// Sending, checking, and the ledger snapshot
// ---------------------------------------------------------------------------------------------

let lastSnapshot: Snapshot | null = null;
const ledgerSnapshot = () => snapshotOf(t.database.client);

interface Outcome {
  actor: ActorName;
  status: number;
  code: string | null;
}

/** Every response's status, per operation, for the summary and the "validation was reached" check. */
const seen = new Map<string, Outcome[]>();
let total2xxWrites = 0;

async function sendAndCheck(key: string, input: FuzzInput): Promise<void> {
  const cookie = await cookieOf(input.actor);
  const headers = new Headers();
  for (const [k, v] of Object.entries(input.headers)) headers.set(k, v);
  const cookieHeader = [input.headers.cookie, cookie].filter(Boolean).join("; ");
  if (cookieHeader) headers.set("cookie", cookieHeader);
  if (input.body.contentType !== undefined) headers.set("content-type", input.body.contentType);
  const ac = new AbortController();
  // The state after the previous fuzzed request, unless something else (a sign-in) happened since.
  const before = lastSnapshot ?? (await ledgerSnapshot());
  lastSnapshot = null;

  const res = await t.app.request(input.url, { method: input.method, headers, body: input.body.text, signal: ac.signal });
  const ct = res.headers.get("content-type") ?? "";
  let text = "";
  if (ct.includes("text/event-stream")) {
    // An endless stream: never read it to the end, hang up instead.
    ac.abort();
    await res.body?.cancel().catch(() => {});
  } else text = input.method === "HEAD" ? "" : await res.text();

  if (process.env.FUZZ_DEBUG && key.includes(process.env.FUZZ_DEBUG)) console.log(describeInput(input), "->", res.status, short(text, 300));
  const fail = (why: string) => {
    throw new Error(`${why}\n${describeInput(input)}\n  -> ${res.status} ${ct} ${short(text, 500)}`);
  };

  let code: string | null = null;
  if (res.status >= 500) fail(`${key}: status ${res.status}`);
  if (res.status >= 400 && input.method !== "HEAD") {
    if (!ct.includes("application/json")) fail(`${key}: a ${res.status} that is not JSON`);
    let body: any;
    try {
      body = JSON.parse(text);
    } catch {
      fail(`${key}: a ${res.status} whose body does not parse`);
    }
    const e = body?.error;
    if (!e || typeof e !== "object") fail(`${key}: a ${res.status} without the error envelope`);
    if (typeof e.code !== "string" || !CODE.test(e.code)) fail(`${key}: error code ${JSON.stringify(e.code)} is not AREA.REASON`);
    if (typeof e.message !== "string" || e.message.length === 0) fail(`${key}: error without a message`);
    if (typeof e.requestId !== "string" || e.requestId.length === 0) fail(`${key}: error without a requestId`);
    if (e.requestId !== res.headers.get("x-request-id")) fail(`${key}: error.requestId differs from X-Request-Id`);
    if (res.headers.get("cache-control") !== "no-store") fail(`${key}: a ${res.status} without Cache-Control: no-store`);
    code = e.code;
  }

  const after = await ledgerSnapshot();
  lastSnapshot = after;
  const ok2xx = res.status >= 200 && res.status < 300;
  if (!ok2xx && JSON.stringify(after) !== JSON.stringify(before)) fail(`${key}: a refused request (${res.status}) changed ${snapshotDiff(before, after)}`);
  if (ok2xx && JSON.stringify(after) !== JSON.stringify(before)) total2xxWrites++;

  if (!seen.has(key)) seen.set(key, []);
  seen.get(key)!.push({ actor: input.actor, status: res.status, code });

  // A fuzzed logout, demo login or suspension may have ended this actor's session: sign in afresh.
  if (input.actor !== "anonymous") {
    const touchedSession = res.headers.getSetCookie().some((c) => /^(__Host-sid|sid)=/.test(c));
    if (touchedSession || (res.status === 401 && !(await stillSignedIn(input.actor)))) stale.add(input.actor);
  }
}

async function fuzz(key: string, arb: fc.Arbitrary<FuzzInput>, numRuns: number, phase = "") {
  const seed = seedFor(key + phase);
  const ledgerBefore = await ledgerSnapshot();
  const reloginsBefore = relogins;
  const writesBefore = total2xxWrites;
  const statuses2xxBefore = [...(seen.get(key) ?? [])].filter((o) => o.status < 300 && o.status >= 200).length;
  const out = await fc.check(
    fc.asyncProperty(arb, (input) => sendAndCheck(key, input)),
    { seed, numRuns, endOnFailure: !SHRINK },
  );
  if (out.failed) {
    const input = out.counterexample?.[0] as FuzzInput | undefined;
    const error = out.errorInstance instanceof Error ? out.errorInstance.message : String(out.errorInstance);
    throw new Error(
      `${key}${phase} failed after ${out.numRuns} run(s); reproduce with FUZZ_SEED=${BASE_SEED} (operation seed ${out.seed}, path "${out.counterexamplePath}")\n` +
        (input && !error.includes(describeInput(input)) ? `${describeInput(input)}\n` : "") +
        error,
    );
  }
  // A run in which nothing was accepted (no 2xx) and nobody had to sign in again left the ledger exactly as it was.
  const accepted = (seen.get(key) ?? []).filter((o) => o.status < 300 && o.status >= 200).length - statuses2xxBefore;
  if (accepted === 0 && relogins === reloginsBefore && total2xxWrites === writesBefore) expect(await ledgerSnapshot()).toEqual(ledgerBefore);
}

// ---------------------------------------------------------------------------------------------
// The tests
// ---------------------------------------------------------------------------------------------

beforeAll(async () => {
  await signIn("admin");
  await signIn("customer");
  await signIn("trader");
  // Some history to find ids in: a bet placed through the API by the customer.
  const events = (await (await t.app.request("/api/events?status=upcoming&limit=5")).json()) as {
    id: string;
    markets: { id: string; outcomes: { id: string; odds: string }[] }[];
  }[];
  const e = events[0];
  if (e) {
    const placed = await t.app.request("/api/bets", {
      method: "POST",
      headers: { cookie: cookies.customer, "content-type": JSON_TYPE },
      body: JSON.stringify({
        selections: [{ eventId: e.id, marketId: e.markets[0].id, outcomeId: e.markets[0].outcomes[0].id, odds: e.markets[0].outcomes[0].odds }],
        stake: 500,
        betType: "single",
      }),
    });
    if (placed.status !== 201) throw new Error(`setup bet: ${placed.status} ${await placed.text()}`);
  }
  await harvestAll();
});

describe("the routes the app registers are the routes it documents", () => {
  it("every /api route registered on the app is in /api/openapi.json or explicitly excepted, and the reverse", () => {
    const registered = registeredApiRoutes(t.app);
    const documentedKeys = new Set(documented.map(opKey));
    const unaccounted = registered.filter((k) => !documentedKeys.has(k) && !(k in NOT_DOCUMENTED));
    expect(unaccounted, "registered but neither documented nor excepted").toEqual([]);
    const phantom = [...documentedKeys].filter((k) => !registered.includes(k));
    expect(phantom, "documented but not registered").toEqual([]);
    // The exception list does not rot: everything on it exists.
    expect(Object.keys(NOT_DOCUMENTED).filter((k) => !registered.includes(k))).toEqual([]);
    expect(documented.length).toBeGreaterThan(10);
  });

  it("found ids to aim at in the API's own answers", () => {
    expect(pool.idsByKind.get("event")?.size ?? 0).toBeGreaterThan(0);
    expect(pool.idsByKind.get("bet")?.size ?? 0).toBeGreaterThan(0);
  });
});

/** Answers that say nothing about the route's own checks: refused by role, or the path did not match. */
const ROLE_OR_ROUTE = new Set(["AUTH.REQUIRED", "AUTH.FORBIDDEN", "ROUTE.NOT_FOUND"]);
const PHASE_ONE = 4 * Math.max(1, Math.round(RUNS / 12));

describe.each(operations.map((op) => [opKey(op), op] as const))("fuzz %s", (key, op) => {
  it(`never 5xx, refusals in the error envelope, refused requests leave the ledger alone (${Math.max(RUNS, PHASE_ONE)} runs)`, async () => {
    // A customer of its own for each operation (a fuzzed self-exclusion or limit must not blunt the next one).
    await signIn("customer");
    // Phase one: a few runs as each actor. Phase two: mostly the actors that got past the role checks.
    for (const a of ACTORS) await fuzz(key, inputArb(op, fc.constant(a)), PHASE_ONE / ACTORS.length, ` (as ${a})`);
    const passing = ACTORS.filter((a) => (seen.get(key) ?? []).some((o) => o.actor === a && !(o.code && ROLE_OR_ROUTE.has(o.code))));
    if (RUNS > PHASE_ONE) await fuzz(key, inputArb(op, actorsFavouring(passing)), RUNS - PHASE_ONE, " (phase two)");
    const outcomes = seen.get(key) ?? [];
    expect(outcomes.length).toBe(Math.max(RUNS, PHASE_ONE));
    // Every status answered is documented for the operation (a path that matched no route aside).
    if (op.statuses) {
      const undocumented = outcomes.filter((o) => !op.statuses!.has(o.status) && o.code !== "ROUTE.NOT_FOUND").map((o) => `${o.status} ${o.code}`);
      expect([...new Set(undocumented)], `${key} answered statuses its OpenAPI entry does not list`).toEqual([]);
    }
    for (const a of ACTORS) expect(outcomes.some((o) => o.actor === a), `${key}: never sent as ${a}`).toBe(true);
    // Something got past the role checks (validation, the use case, or success).
    const reached = outcomes.filter((o) => !(o.code && ROLE_OR_ROUTE.has(o.code)));
    expect(reached.length, `${key}: no request got past the role checks`).toBeGreaterThan(0);
  });
});

describe("unknown paths and wrong methods under /api", () => {
  const knownPaths = [...new Set(documented.map((op) => op.path))];
  const methods = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD"];
  it("answer a JSON 404 (or 4xx) envelope, never 5xx, and change nothing", async () => {
    const documentedKeys = new Set(documented.map(opKey));
    const arb = fc
      .tuple(
        anyActor,
        fc.constantFrom(...methods),
        fc.oneof(
          fc.constantFrom(...knownPaths).map((p) => ({ p, raw: true })),
          fc.array(junkPathValue, { minLength: 1, maxLength: 4 }).map((vs) => ({ p: `/api/${vs.map((v) => (v.raw ? v.value : enc(v.value))).join("/")}`, raw: false })),
        ),
        fc.constantFrom("", "?a=1", "?%zz", "?limit=-1"),
      )
      .filter(([, m, { p, raw }]) => !(raw && documentedKeys.has(`${m === "HEAD" ? "GET" : m} ${p}`)))
      .map(
        ([actor, method, { p }, q]): FuzzInput => ({
          actor,
          method,
          url: `${p.replace(/\{[^}]+\}/g, "x")}${q}`,
          headers: {},
          focus: "route",
          body: method === "GET" || method === "HEAD" ? { contentType: undefined, text: undefined, label: "none" } : { contentType: JSON_TYPE, text: "{}", label: "{}" },
        }),
      );
    await fuzz("unknown routes", arb, 60);
  });
});

describe("after all the fuzzing", () => {
  it("the ledger still balances: transactions sum to zero, cached balances equal postings, no wallet or pool below zero", async () => {
    expect(await ledgerInvariants(t.database)).toEqual({ totalSum: 0, unbalancedTransactions: 0, cachedBalanceMismatches: 0, negativeWallets: 0 });
    const negative = await t.database.client.execute("SELECT id FROM ledger_accounts WHERE kind IN ('wallet', 'fantasy_pool') AND balance < 0");
    expect(negative.rows).toEqual([]);
    const all = [...seen.values()].flat();
    const byStatus = new Map<number, number>();
    for (const o of all) byStatus.set(o.status, (byStatus.get(o.status) ?? 0) + 1);
    if (process.env.FUZZ_VERBOSE)
      for (const [k, os] of seen) {
        const h = new Map<string, number>();
        for (const o of os) h.set(`${o.status}${o.code ? ` ${o.code}` : ""}`, (h.get(`${o.status}${o.code ? ` ${o.code}` : ""}`) ?? 0) + 1);
        console.info(`${k}: ${JSON.stringify(Object.fromEntries(h))}`);
      }
    console.info(
      `fuzz-routes: ${all.length} requests over ${seen.size} operations (seed ${BASE_SEED}); statuses ${JSON.stringify(Object.fromEntries([...byStatus].sort((a, b) => a[0] - b[0])))}; ` +
        `${total2xxWrites} accepted requests moved money or made bets; ${relogins} re-sign-ins`,
    );
  });
});
