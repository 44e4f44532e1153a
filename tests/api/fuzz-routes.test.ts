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
import { inspectRoutes } from "hono/dev";
import { demoLogin, ledgerInvariants, makeTestApp } from "../fixtures/test-app.ts";

// ---------------------------------------------------------------------------------------------
// The app under test, and what it says about itself (top-level await: tests are made per route)
// ---------------------------------------------------------------------------------------------

const t = await makeTestApp();
afterAll(() => t.close());

type JsonSchema = Record<string, any>;
interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema?: JsonSchema;
}
interface Operation {
  method: string;
  /** OpenAPI form: /api/admin/events/{id} */
  path: string;
  parameters: Parameter[];
  /** The application/json request body schema, when the operation takes one. */
  body: JsonSchema | null;
  /** The statuses the document lists for it; null for the undocumented GETs. */
  statuses: Set<number> | null;
}

const docRes = await t.app.request("/api/openapi.json");
if (docRes.status !== 200) throw new Error(`GET /api/openapi.json answered ${docRes.status}`);
const doc = (await docRes.json()) as { paths: Record<string, Record<string, any>>; components?: { schemas?: Record<string, JsonSchema> } };

const HTTP_METHODS = ["get", "post", "put", "patch", "delete", "head", "options"];
const documented: Operation[] = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([m]) => HTTP_METHODS.includes(m))
    .map(([m, op]) => {
      const params = [...((item.parameters as Parameter[] | undefined) ?? []), ...((op.parameters as Parameter[] | undefined) ?? [])];
      const json = op.requestBody?.content?.["application/json"]?.schema ?? null;
      return {
        method: m.toUpperCase(),
        path,
        parameters: params,
        body: json,
        statuses: new Set(Object.keys(op.responses ?? {}).map(Number)),
      } satisfies Operation;
    }),
);

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

/** Hono's own list of what answers requests under /api (handlers, not middleware), as "METHOD /path{param}". */
function registeredApiRoutes(): string[] {
  const keys = inspectRoutes(t.app)
    .filter((r) => !r.isMiddleware && (r.path === "/api" || r.path.startsWith("/api/")))
    // Hono writes parameters as :id (optionally :id{regex}); OpenAPI as {id}.
    .map((r) => `${r.method} ${r.path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, "{$1}")}`);
  return [...new Set(keys)].sort();
}

const opKey = (op: { method: string; path: string }) => `${op.method} ${op.path}`;

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

type ActorName = "anonymous" | "customer" | "trader" | "admin";
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
// What the API itself hands out: ids by kind (for path parameters) and sample values by field name
// ---------------------------------------------------------------------------------------------

const idsByKind = new Map<string, Set<string>>();
const allIds = new Set<string>();
const samplesByKey = new Map<string, Set<string | number | boolean>>();

const singular = (word: string) => {
  const w = word.toLowerCase();
  if (w.endsWith("ies")) return `${w.slice(0, -3)}y`;
  if (w.endsWith("ses")) return w.slice(0, -2);
  if (w.endsWith("s") && !w.endsWith("ss")) return w.slice(0, -1);
  return w;
};
/** "settle-bet" -> "bet", "all-bets" -> "bet", "contestId" -> "contest". */
const kindOf = (segment: string) => singular(segment.replace(/Id$/, "").split(/[-_.]/).filter(Boolean).pop() ?? segment);

function addId(kind: string, id: string) {
  if (id.length === 0 || id.length > 64) return;
  if (!idsByKind.has(kind)) idsByKind.set(kind, new Set());
  const set = idsByKind.get(kind)!;
  if (set.size < 60) set.add(id);
  if (allIds.size < 400) allIds.add(id);
}
function addSample(key: string, v: string | number | boolean) {
  if (typeof v === "string" && v.length > 200) return;
  if (!samplesByKey.has(key)) samplesByKey.set(key, new Set());
  const set = samplesByKey.get(key)!;
  if (set.size < 40) set.add(v);
}
/**
 * Objects as the API shows them, with the ids of the objects they sit in: an outcome of a market of
 * an event becomes { eventId, marketId, outcomeId, id, name, odds }, a coherent set of values to
 * build a near-valid request body from (a bet selection, an entry into a contest...).
 */
type Primitive = string | number | boolean;
const records: Record<string, Primitive>[] = [];

function harvest(value: unknown, kind: string, context: Record<string, Primitive> = {}) {
  if (Array.isArray(value)) return value.slice(0, 100).forEach((v) => harvest(v, kind, context));
  if (!value || typeof value !== "object") return;
  const own: Record<string, Primitive> = {};
  const inner: Record<string, Primitive> = { ...context };
  for (const [k, v] of Object.entries(value)) {
    if (k === "id" && typeof v === "string") {
      addId(kind, v);
      inner[`${kind}Id`] = v;
    } else if (/Id$/.test(k) && typeof v === "string") addId(kindOf(k), v);
    if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") {
      addSample(k, v);
      own[k] = v;
    }
  }
  if (records.length < 2_000) records.push({ ...inner, ...own });
  for (const [k, v] of Object.entries(value)) if (v && typeof v === "object") harvest(v, kindOf(k), inner);
}

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
        harvest(await res.json(), kindOf(lastStatic));
      }
  }
}

// ---------------------------------------------------------------------------------------------
// Arbitraries
// ---------------------------------------------------------------------------------------------

/** A value written into the JSON text as is (1e309, deep nesting, 30-digit integers...). */
class Raw {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}
function serialize(v: unknown): string {
  if (v instanceof Raw) return v.text;
  if (Array.isArray(v)) return `[${v.map(serialize).join(",")}]`;
  if (v && typeof v === "object") return `{${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}:${serialize(x)}`).join(",")}}`;
  return JSON.stringify(v) ?? "null";
}

const wellFormed = (s: string) => s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
const enc = (s: string) => encodeURIComponent(wellFormed(s));

const longString = fc
  .tuple(fc.constantFrom("x", "é", "😀", "\u202e", "0", "%", "<a>"), fc.constantFrom(10_000, 100_000))
  .map(([c, n]) => c.repeat(Math.ceil(n / c.length)).slice(0, n));
const longPathString = fc.constantFrom("x", "é", "9", "%41").map((c) => c.repeat(Math.ceil(10_000 / c.length)));

const nastyStrings = fc.constantFrom(
  "", " ", "NaN", "Infinity", "-Infinity", "1e309", "-1e309", "-1", "-0", "0.5", "1.5", "100.50", "0x10", "1e2",
  "9007199254740993", "99999999999999999999999", "null", "undefined", "true", "[]", "{}", "__proto__", "constructor",
  "2024-02-30T00:00:00Z", "+275760-09-13T00:00:00.000Z", "0000-00-00", "9999-99-99T99:99:99Z", "tomorrow",
  "\u0000", "\u202e", "😀", "𝕏", "ß", "İ", "' OR 1=1 --", "<script>alert(1)</script>", "%s%n", "../../etc/passwd", "\r\nX: y",
);
const unicodeString = fc.oneof(fc.string({ unit: "grapheme", maxLength: 30 }), fc.string({ unit: "binary", maxLength: 30 }));

/** Values that should never get past validation where a number, an id or an enum is expected. */
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(-1, -100, -0.5, 0.5, 0.01, 1.5, 99.99, 100.5, -2_147_483_648, 2_147_483_648, 2 ** 53, 2 ** 53 + 2, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1e21, 1e300, Number.MAX_VALUE, Number.MIN_VALUE, -0, 0) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 3, arbitrary: nastyStrings },
  { weight: 1, arbitrary: unicodeString },
  { weight: 1, arbitrary: longString },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [1, 2], { a: 1 }, [null], [[]], new Raw('{"__proto__":{"isAdmin":true}}')) },
  {
    weight: 3,
    arbitrary: fc.constantFrom("1e309", "-1e309", "NaN", "Infinity", "1.0", "100.000", "1E2", "-0", "123456789012345678901234567890", "0.1e1", "1e-7").map((s) => new Raw(s)),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(64, 1_000, 20_000), fc.constantFrom("array", "object"))
      .map(([n, kind]) => new Raw(kind === "array" ? `${"[".repeat(n)}${"]".repeat(n)}` : `${'{"a":'.repeat(n)}1${"}".repeat(n)}`)),
  },
);

const fieldNames = fc.oneof(
  fc.constantFrom("unknown", "extra", "__proto__", "constructor", "prototype", "isAdmin", "role", "userId", "balance", "id", "", " ", "a.b", "x".repeat(1000)),
  fc.string({ maxLength: 12 }),
);

function resolveRef(s: JsonSchema | undefined): JsonSchema {
  let cur = s ?? {};
  for (let i = 0; i < 10 && typeof cur.$ref === "string"; i++) {
    const name = decodeURIComponent(cur.$ref.replace(/^#\/components\/schemas\//, ""));
    cur = doc.components?.schemas?.[name] ?? {};
  }
  return cur;
}

function hintsFor(name: string | undefined, type: "string" | "number"): (string | number)[] {
  if (!name) return [];
  const out = new Set<string | number>();
  for (const v of samplesByKey.get(name) ?? []) if (typeof v === type) out.add(v as string | number);
  if (type === "string" && (/Id$/.test(name) || name === "id")) {
    for (const v of name === "id" ? allIds : (idsByKind.get(kindOf(name)) ?? [])) out.add(v);
  }
  return [...out];
}

function patternArb(pattern: string): fc.Arbitrary<string> | null {
  try {
    return fc.stringMatching(new RegExp(pattern));
  } catch {
    return null;
  }
}

/** A value that the schema accepts, or close to it (hints from the API's own data where it has them). */
function validArb(schemaIn: JsonSchema | undefined, depth = 0, name?: string): fc.Arbitrary<unknown> {
  const s = resolveRef(schemaIn);
  if (depth > 6) return fc.constant(null);
  if (s.const !== undefined) return fc.constant(s.const);
  if (Array.isArray(s.enum) && s.enum.length) return fc.constantFrom(...(s.enum as unknown[]));
  const alternatives = (s.anyOf ?? s.oneOf) as JsonSchema[] | undefined;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => validArb(a, depth + 1, name)));
  if (Array.isArray(s.allOf) && s.allOf.length) {
    const parts = (s.allOf as JsonSchema[]).map(resolveRef);
    return validArb(
      {
        type: "object",
        properties: Object.assign({}, ...parts.map((p) => p.properties ?? {})),
        required: parts.flatMap((p) => p.required ?? []),
      },
      depth + 1,
      name,
    );
  }
  const types: string[] = Array.isArray(s.type) ? s.type : s.type ? [s.type] : s.properties ? ["object"] : s.items ? ["array"] : [];
  const nonNull = types.filter((x) => x !== "null");
  if (types.length === 0) return fc.jsonValue({ maxDepth: 2 });
  const arbs = nonNull.map((type) => typedArb(s, type, depth, name));
  if (types.includes("null")) arbs.push(fc.constant(null));
  return arbs.length === 1 ? arbs[0] : fc.oneof(...arbs);
}

function typedArb(s: JsonSchema, type: string, depth: number, name?: string): fc.Arbitrary<unknown> {
  switch (type) {
    case "string": {
      const hints = hintsFor(name, "string");
      const min = s.minLength ?? 0;
      const max = Math.max(min, Math.min(s.maxLength ?? 24, 64));
      let base: fc.Arbitrary<string> =
        (s.pattern && patternArb(s.pattern)) ||
        (s.format === "date-time"
          ? fc.date({ min: new Date("2020-01-01T00:00:00Z"), max: new Date("2035-01-01T00:00:00Z"), noInvalidDate: true }).map((d) => d.toISOString())
          : s.format === "date"
            ? fc.date({ min: new Date("2020-01-01T00:00:00Z"), max: new Date("2035-01-01T00:00:00Z"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10))
            : s.format === "email"
              ? fc.emailAddress()
              : fc.string({ unit: "grapheme-ascii", minLength: min, maxLength: max }));
      if (s.example !== undefined && typeof s.example === "string") base = fc.oneof(base, fc.constant(s.example));
      // Edges the schema still accepts: the longest string in multi-byte characters, far-off dates.
      const edges: string[] = [];
      if (!s.pattern && !s.format && s.maxLength !== undefined && s.maxLength <= 100_000 && s.maxLength >= min)
        edges.push("é".repeat(s.maxLength), "😀".repeat(Math.floor(s.maxLength / 2)), " ".repeat(s.maxLength));
      if (s.format === "date-time") edges.push("1970-01-01T00:00:00.000Z", "9999-12-31T23:59:59.999Z", "2024-02-29T23:59:59Z", "2030-01-01T00:00:00+14:00");
      if (s.format === "date") edges.push("1970-01-01", "9999-12-31", "2024-02-29");
      if (edges.length) base = fc.oneof({ weight: 5, arbitrary: base }, { weight: 1, arbitrary: fc.constantFrom(...edges) });
      return hints.length ? fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...(hints as string[])) }, { weight: 1, arbitrary: base }) : base;
    }
    case "integer":
    case "number": {
      const lo = s.minimum ?? (s.exclusiveMinimum !== undefined ? Number(s.exclusiveMinimum) + 1 : 0);
      const hi = s.maximum ?? (s.exclusiveMaximum !== undefined ? Number(s.exclusiveMaximum) - 1 : lo + 100_000);
      const base: fc.Arbitrary<number> =
        type === "integer"
          ? fc.integer({ min: Math.ceil(Math.min(lo, hi)), max: Math.floor(Math.max(lo, hi)) })
          : fc.double({ min: Math.min(lo, hi), max: Math.max(lo, hi), noNaN: true, noDefaultInfinity: true });
      // Edges the schema still accepts: with no maximum, very large amounts.
      const edges = s.maximum === undefined && s.exclusiveMaximum === undefined ? [2 ** 31, 2 ** 32, 1e15, Number.MAX_SAFE_INTEGER].filter((x) => x >= lo) : [];
      const withEdges = edges.length ? fc.oneof({ weight: 6, arbitrary: base }, { weight: 1, arbitrary: fc.constantFrom(...edges) }) : base;
      const hints = hintsFor(name, "number").filter((h) => (type === "number" || Number.isInteger(h)) && (h as number) >= lo && (h as number) <= hi);
      return hints.length ? fc.oneof(fc.constantFrom(...(hints as number[])), withEdges) : withEdges;
    }
    case "boolean":
      return fc.boolean();
    case "array": {
      // Empty arrays come from the mutations; valid ones have an element or three.
      const min = Math.min(s.maxItems ?? 1, Math.max(s.minItems ?? 0, 1));
      const max = Math.max(min, Math.min(s.maxItems ?? 3, 3));
      const item = validArb(s.items, depth + 1, name ? singular(name) : undefined);
      // Edge: as many items as the schema allows (or 50 when it sets no limit).
      const most = Math.min(s.maxItems ?? 50, 100);
      return fc.oneof({ weight: 6, arbitrary: fc.array(item, { minLength: min, maxLength: max }) }, { weight: 1, arbitrary: fc.array(item, { minLength: most, maxLength: most }) });
    }
    case "object": {
      const props = (s.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set<string>((s.required as string[] | undefined) ?? []);
      const keys = Object.keys(props);
      if (keys.length === 0) {
        const extra = s.additionalProperties;
        if (extra && typeof extra === "object") return fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), validArb(extra, depth + 1), { maxKeys: 3 });
        return fc.constant({});
      }
      const generic = fc.record(Object.fromEntries(keys.map((k) => [k, validArb(props[k], depth + 1, k)])), {
        requiredKeys: keys.filter((k) => required.has(k)),
      });
      // Where the API showed an object carrying every required id and value, build from it.
      const primitive = (k: string) => ["string", "number", "integer", "boolean"].includes(String(resolveRef(props[k]).type));
      const needed = keys.filter((k) => required.has(k) && primitive(k));
      const fitting = needed.length >= 2 ? records.filter((r) => needed.every((k) => r[k] !== undefined && (resolveRef(props[k]).enum?.includes(r[k]) ?? true))) : [];
      if (fitting.length === 0) return generic;
      const coherent = fc.constantFrom(...fitting.slice(0, 300)).chain((r) =>
        fc.record(Object.fromEntries(keys.map((k) => [k, r[k] !== undefined && primitive(k) ? fc.constant<unknown>(r[k]) : validArb(props[k], depth + 1, k)])), {
          requiredKeys: keys.filter((k) => required.has(k)),
        }),
      );
      return fc.oneof(coherent, generic);
    }
    default:
      return fc.constant(null);
  }
}

type Mutation = { at: number; kind: "replace" | "delete" | "addField" | "wrapInArray"; value: unknown; field: string };
const mutationArb: fc.Arbitrary<Mutation> = fc.record({
  at: fc.nat(),
  kind: fc.constantFrom("replace", "replace", "replace", "delete", "addField", "wrapInArray"),
  value: nastyValue,
  field: fieldNames,
});

/** Every place in a JSON value: [parent, key] pairs, the root being [holder, "root"]. */
function places(holder: Record<string, unknown>): [Record<string, unknown> | unknown[], string | number][] {
  const out: [Record<string, unknown> | unknown[], string | number][] = [[holder, "root"]];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach((x, i) => (out.push([v, i]), walk(x)));
    else if (v && typeof v === "object" && !(v instanceof Raw)) for (const k of Object.keys(v)) out.push([v as Record<string, unknown>, k]), walk((v as Record<string, unknown>)[k]);
  };
  walk(holder.root);
  return out;
}

/** A deep copy (generated values may be shared between runs), keeping Raw values as they are. */
function copy(v: unknown): unknown {
  if (v instanceof Raw) return v;
  if (Array.isArray(v)) return v.map(copy);
  if (v && typeof v === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) Object.defineProperty(out, k, { value: copy(x), enumerable: true, writable: true, configurable: true });
    return out;
  }
  return v;
}

function mutate(value: unknown, mutations: Mutation[]): unknown {
  const holder: Record<string, unknown> = { root: copy(value) };
  for (const m0 of mutations) {
    const m = { ...m0, value: copy(m0.value) };
    const all = places(holder);
    const [parent, key] = all[m.at % all.length];
    const current = (parent as Record<string | number, unknown>)[key];
    if (m.kind === "replace") (parent as Record<string | number, unknown>)[key] = m.value;
    else if (m.kind === "wrapInArray") (parent as Record<string | number, unknown>)[key] = [current];
    else if (m.kind === "delete") {
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else if (parent !== holder) delete (parent as Record<string, unknown>)[key as string];
      else holder.root = {};
    } else {
      const target = current && typeof current === "object" && !Array.isArray(current) && !(current instanceof Raw) ? current : holder.root;
      if (target && typeof target === "object" && !Array.isArray(target) && !(target instanceof Raw))
        Object.defineProperty(target, m.field, { value: m.value, enumerable: true, writable: true, configurable: true });
    }
  }
  return holder.root;
}

interface BodySpec {
  /** undefined: no Content-Type header at all. */
  contentType: string | undefined;
  /** undefined: no body. */
  text: string | undefined;
  label: string;
}

const JSON_TYPE = "application/json";
const wrongContentTypes = fc.constantFrom(
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=xyz",
  "application/xml",
  "application/octet-stream",
  "application/jsonx",
  "application/json-seq",
  "",
  "*/*",
  "text/html; charset=utf-8",
);
const jsonTypeVariants = fc.constantFrom(JSON_TYPE, JSON_TYPE, JSON_TYPE, "application/json; charset=utf-8", "APPLICATION/JSON", "application/json; charset=latin1", "application/vnd.api+json", "application/problem+json");
const malformedJson = fc.oneof(
  fc.constantFrom(
    "", " ", "{", "}", "[", "{\"a\":}", "{'a':1}", "{a:1}", "undefined", "NaN", "{\"stake\": NaN}", "{\"stake\": Infinity}", "{\"a\":1}}",
    "{\"a\":1,}", "[1,]", "\u0000", "null garbage", "\uFEFF{}", "{\"a\":\"\\ud800\"}", "{\"a\":\"\\x41\"}", "01", "--1", "\"unterminated",
    "[".repeat(100_000), "{\"a\":".repeat(50_000),
  ),
  fc.string({ unit: "binary", maxLength: 40 }),
);
const wrongShapeJson = fc.oneof(
  fc.constantFrom("[]", "[{}]", "0", "-1", "1.5", "1e309", "null", "true", "false", "\"\"", "\"string\"", "[null]", "{}"),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v) ?? "null"),
);

/**
 * Each dimension of a request (path parameters, query, headers, body) has a valid variant, built
 * from the schema and the API's own data, and a fuzzed one. An input fuzzes one dimension and keeps
 * the others valid (so the fuzzed part is what gets judged), or fuzzes all of them, or none.
 */
interface Dimension<T> {
  valid: fc.Arbitrary<T>;
  fuzzed: fc.Arbitrary<T>;
  /** Whether fuzzing this dimension means anything for this operation (it has such inputs). */
  relevant: boolean;
}

const NO_BODY: BodySpec = { contentType: undefined, text: undefined, label: "none" };

function bodyDimension(op: Operation): Dimension<BodySpec> {
  if (op.method === "GET" || op.method === "HEAD") return { valid: fc.constant(NO_BODY), fuzzed: fc.constant(NO_BODY), relevant: false };
  const junk = fc.oneof(
    malformedJson.map((text) => ({ contentType: JSON_TYPE as string | undefined, text, label: "malformed JSON" })),
    wrongShapeJson.map((text) => ({ contentType: JSON_TYPE as string | undefined, text, label: "JSON of the wrong type" })),
  );
  // No body expected: sending one anyway must be ignored or refused, never a 500.
  if (!op.body) return { valid: fc.constant(NO_BODY), fuzzed: junk, relevant: true };
  const schemaValid = fc
    .tuple(validArb(op.body), jsonTypeVariants)
    .map(([value, contentType]) => ({ contentType: contentType as string | undefined, text: serialize(value), label: "schema-valid" }));
  const mutated = fc
    .tuple(validArb(op.body), fc.array(mutationArb, { minLength: 1, maxLength: 3 }), jsonTypeVariants)
    .map(([value, mutations, contentType]) => ({
      contentType: contentType as string | undefined,
      text: serialize(mutate(value, mutations)),
      label: `near-valid, ${mutations.map((m) => m.kind).join("+")}`,
    }));
  const wrongType = fc
    .tuple(validArb(op.body), wrongContentTypes)
    .map(([value, contentType]) => ({ contentType: contentType as string | undefined, text: serialize(value), label: "wrong content type" }));
  const truncated = fc.tuple(validArb(op.body), fc.nat()).map(([value, cut]) => {
    const text = serialize(value);
    return { contentType: JSON_TYPE as string | undefined, text: text.slice(0, cut % Math.max(1, text.length)), label: "truncated JSON" };
  });
  const duplicateKeys = validArb(op.body).map((value) => {
    const text = serialize(value);
    const first = value && typeof value === "object" && !Array.isArray(value) ? Object.keys(value)[0] : undefined;
    return {
      contentType: JSON_TYPE as string | undefined,
      text: first && text.startsWith("{") ? `{${JSON.stringify(first)}:-1,${text.slice(1)}` : text,
      label: "duplicate key",
    };
  });
  return {
    valid: schemaValid,
    fuzzed: fc.oneof(
      { weight: 10, arbitrary: mutated },
      { weight: 3, arbitrary: junk },
      { weight: 2, arbitrary: wrongType },
      { weight: 1, arbitrary: truncated },
      { weight: 1, arbitrary: duplicateKeys },
      { weight: 1, arbitrary: fc.constant<BodySpec>({ contentType: undefined, text: undefined, label: "no body" }) },
      { weight: 1, arbitrary: fc.constant<BodySpec>({ contentType: JSON_TYPE, text: "", label: "empty JSON body" }) },
    ),
    relevant: true,
  };
}

type PathValue = { raw: boolean; value: string };
const junkPathValue: fc.Arbitrary<PathValue> = fc.oneof(
  { weight: 3, arbitrary: unicodeString.map((s) => ({ raw: false, value: s })) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 70 }).map((s) => ({ raw: false, value: s })) },
  { weight: 1, arbitrary: longPathString.map((s) => ({ raw: false, value: s })) },
  { weight: 2, arbitrary: nastyStrings.map((s) => ({ raw: false, value: s })) },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom("..", ".", "%", "%zz", "%E0%A4%A", "%00", "%2F", "%2e%2e", "%C0%AE", "%FF%FE", "..%2F..%2Fetc%2Fpasswd", "%25", "a%2Fb", "%u0041", "\\..\\")
      .map((s) => ({ raw: true, value: s })),
  },
);

/** A path parameter: ids of the kind the path names ("/settle-bet/{id}" -> bet ids), any id, or junk. */
function pathDimension(op: Operation): Dimension<string> {
  const names = op.path.match(/\{[^}]+\}/g)?.map((m) => m.slice(1, -1)) ?? [];
  const known = [...allIds];
  const perName = names.map((name) => {
    const segments = op.path.split("/");
    const before = segments.slice(0, segments.indexOf(`{${name}}`)).filter((x) => x && !x.startsWith("{")).pop() ?? "";
    const ofKind = [...(idsByKind.get(name === "id" ? kindOf(before) : kindOf(name)) ?? [])];
    const choices: { weight: number; arbitrary: fc.Arbitrary<PathValue> }[] = [];
    if (ofKind.length) choices.push({ weight: 4, arbitrary: fc.constantFrom(...ofKind).map((value) => ({ raw: false, value })) });
    if (known.length) choices.push({ weight: 1, arbitrary: fc.constantFrom(...known).map((value) => ({ raw: false, value })) });
    if (!choices.length) choices.push({ weight: 1, arbitrary: fc.stringMatching(/^[a-z]{1,8}_[0-9]{1,4}$/).map((value) => ({ raw: false, value })) });
    const valid = fc.oneof(...choices);
    return { valid, fuzzed: fc.oneof({ weight: 3, arbitrary: junkPathValue }, { weight: 1, arbitrary: valid }) };
  });
  const build = (values: PathValue[]) => {
    let path = op.path;
    names.forEach((n, i) => (path = path.replace(`{${n}}`, values[i].raw ? values[i].value : enc(values[i].value))));
    return path;
  };
  return {
    valid: fc.tuple(...perName.map((p) => p.valid)).map(build),
    fuzzed: fc.tuple(...perName.map((p) => p.fuzzed)).map(build),
    relevant: names.length > 0,
  };
}

const junkQueryValue = fc.oneof(
  { weight: 4, arbitrary: nastyStrings },
  { weight: 1, arbitrary: unicodeString },
  { weight: 1, arbitrary: longPathString },
  { weight: 1, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String) },
);

const queryString = (pairs: [string, string][], rawTail = "") => {
  const qs = pairs.map(([k, v]) => `${enc(k)}=${enc(v)}`).join("&") + rawTail;
  return qs ? `?${qs}` : "";
};

/** The query: declared parameters with schema values, or wrong types, repeats, arrays, unknown keys. */
function queryDimension(op: Operation): Dimension<string> {
  const declared = op.parameters.filter((p) => p.in === "query");
  const validOf = (p: Parameter) => validArb(p.schema, 0, p.name).map((v) => (typeof v === "string" ? v : (JSON.stringify(v) ?? "")));
  const valid = fc
    .tuple(...declared.map((p) => fc.option(validOf(p), { nil: undefined, freq: p.required ? 1_000_000 : 3 }).map((v) => [p.name, v] as const)))
    .map((pairs) => queryString(pairs.filter((x): x is readonly [string, string] => x[1] !== undefined).map(([k, v]) => [k, v])));
  const perParam = declared.map((p) => {
    const one = fc.oneof({ weight: 1, arbitrary: validOf(p) }, { weight: 3, arbitrary: junkQueryValue });
    return fc.oneof(
      { weight: 1, arbitrary: fc.constant<[string, string][]>([]) },
      { weight: 5, arbitrary: one.map((v): [string, string][] => [[p.name, v]]) },
      { weight: 1, arbitrary: fc.array(one, { minLength: 2, maxLength: 3 }).map((vs) => vs.map((v): [string, string] => [p.name, v])) },
      { weight: 1, arbitrary: one.map((v): [string, string][] => [[`${p.name}[]`, v]]) },
    );
  });
  const unknown = fc.array(fc.tuple(fieldNames, junkQueryValue), { maxLength: 2 });
  const rawTail = fc.oneof(
    { weight: 4, arbitrary: fc.constant("") },
    { weight: 1, arbitrary: fc.constantFrom("&&", "&=", "=&", "&%zz=%", "&a=%E0%A4%A", "&limit", "&%00=%00", "&a[b][c]=1", "&;", "&+=+") },
  );
  const fuzzed = fc
    .tuple(fc.tuple(...perParam), unknown, rawTail)
    .map(([declaredPairs, extra, tail]) => queryString([...declaredPairs.flat(), ...extra], tail));
  return { valid, fuzzed, relevant: true };
}

/** Header values must be ByteStrings without CR/LF/NUL, or the request cannot even be built. */
const headerSafe = (s: string) => s.replace(/[^\x20-\x7e\x80-\xff\t]/g, "?");
const junkHeaderValue = fc.oneof(
  fc.string({ unit: "grapheme-ascii", maxLength: 40 }),
  fc.constantFrom("", " ", "x".repeat(10_000), "é", "ÿÿÿ", "\t", "a b", "-1", "NaN", "null", "../", "%00", "0".repeat(129)),
);

const junkCookie = fc.oneof(
  fc.constantFrom("sid=", "sid=%zz", 'sid=""', `sid=${"a".repeat(128)}`, `sid=${"x".repeat(10_000)}`, "__Host-sid=é", "sid=1; sid=2", "=; ;;", "sid"),
  fc.string({ unit: "grapheme-ascii", maxLength: 40 }).map((v) => `sid=${v.replace(/;/g, "")}`),
);

/** Declared header parameters (Idempotency-Key...), plus X-Request-Id, If-None-Match and cookie junk. */
function headerDimension(op: Operation): Dimension<Record<string, string>> {
  const declared = op.parameters.filter((p) => p.in === "header");
  const validOf = (p: Parameter) => validArb(p.schema, 0, p.name).map((v) => (typeof v === "string" ? v : (JSON.stringify(v) ?? "")));
  const collect = (pairs: readonly (readonly [string, string | undefined])[]) => {
    const out: Record<string, string> = {};
    for (const [k, v] of pairs) if (v !== undefined) out[k] = headerSafe(v);
    return out;
  };
  const valid = fc
    .tuple(...declared.map((p) => fc.option(validOf(p), { nil: undefined, freq: p.required ? 1_000_000 : 3 }).map((v) => [p.name, v] as const)))
    .map(collect);
  const fuzzed = fc
    .tuple(
      fc.tuple(...declared.map((p) => fc.option(fc.oneof(validOf(p), junkHeaderValue), { nil: undefined, freq: 4 }).map((v) => [p.name, v] as const))),
      fc.option(fc.oneof(fc.constantFrom("fuzz-1", "x".repeat(65), "a b", "é", "../../"), fc.string({ unit: "grapheme-ascii", maxLength: 70 })), { nil: undefined }),
      fc.option(fc.constantFrom("*", '""', 'W/"x"', "x".repeat(5000)), { nil: undefined }),
      // Session cookies that are not ours: sent before the actor's own (see sendAndCheck).
      fc.oneof(
        { weight: 2, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: junkCookie },
      ),
    )
    .map(([pairs, rid, inm, cookie]) => collect([...pairs, ["x-request-id", rid], ["if-none-match", inm], ["cookie", cookie]]));
  return { valid, fuzzed, relevant: true };
}

interface FuzzInput {
  actor: ActorName;
  method: string;
  url: string;
  headers: Record<string, string>;
  body: BodySpec;
  /** Which part was fuzzed. */
  focus: string;
}

const ACTORS: ActorName[] = ["anonymous", "customer", "trader", "admin"];
const anyActor: fc.Arbitrary<ActorName> = fc.constantFrom(...ACTORS);
/** Mostly the actors that get past the role checks (so validation and the use case are reached), sometimes the others. */
const actorsFavouring = (passing: ActorName[]): fc.Arbitrary<ActorName> =>
  passing.length === 0 ? anyActor : fc.oneof(...ACTORS.map((a) => ({ weight: passing.includes(a) ? 6 : 1, arbitrary: fc.constant(a) })));

function inputArb(op: Operation, actorArb: fc.Arbitrary<ActorName>): fc.Arbitrary<FuzzInput> {
  const path = pathDimension(op);
  const query = queryDimension(op);
  const headers = headerDimension(op);
  const body = bodyDimension(op);
  type Focus = "path" | "query" | "headers" | "body" | "everything" | "nothing";
  const weights: [Focus, number][] = [
    ["path", path.relevant ? 3 : 0],
    ["query", 2],
    ["headers", 1],
    ["body", body.relevant ? (op.body ? 6 : 1) : 0],
    ["everything", 1],
    ["nothing", 2],
  ];
  const variant = (focus: Focus) => {
    const pick = <T,>(d: Dimension<T>, name: Focus) => (focus === name || focus === "everything" ? d.fuzzed : d.valid);
    return fc
      .tuple(actorArb, pick(path, "path"), pick(query, "query"), pick(headers, "headers"), pick(body, "body"))
      .map(([actor, p, q, h, b]): FuzzInput => ({ actor, method: op.method, url: `${p}${q}`, headers: h, body: b, focus }));
  };
  return fc.oneof(...weights.filter(([, w]) => w > 0).map(([focus, weight]) => ({ weight, arbitrary: variant(focus) })));
}

// ---------------------------------------------------------------------------------------------
// Sending, checking, and the ledger snapshot
// ---------------------------------------------------------------------------------------------

const short = (s: string, n = 200) => (s.length > n ? `${s.slice(0, n)}…(${s.length} chars)` : s);
const describeInput = (i: FuzzInput) =>
  `${i.actor}, fuzzing ${i.focus}: ${i.method} ${short(i.url)}\n  headers ${short(JSON.stringify(i.headers), 300)}\n  body [${i.body.label}] content-type=${JSON.stringify(i.body.contentType)} ${
    i.body.text === undefined ? "(none)" : short(JSON.stringify(i.body.text), 400)
  }`;

type Snapshot = Awaited<ReturnType<typeof ledgerSnapshot>>;
let lastSnapshot: Snapshot | null = null;
async function ledgerSnapshot() {
  const rs = await t.database.client.execute(`
    SELECT (SELECT COUNT(*) FROM ledger_postings) AS postings,
           (SELECT COALESCE(SUM(amount), 0) FROM ledger_postings) AS postedSum,
           (SELECT COUNT(*) FROM ledger_transactions) AS transactions,
           (SELECT COUNT(*) FROM bets) AS bets,
           (SELECT group_concat(id || '=' || balance, ';') FROM (SELECT id, balance FROM ledger_accounts ORDER BY id)) AS balances`);
  const r = rs.rows[0];
  return { postings: Number(r.postings), postedSum: Number(r.postedSum), transactions: Number(r.transactions), bets: Number(r.bets), balances: String(r.balances) };
}

function snapshotDiff(before: Snapshot, after: Snapshot): string {
  const parts: string[] = [];
  for (const k of ["postings", "postedSum", "transactions", "bets"] as const) if (before[k] !== after[k]) parts.push(`${k} ${before[k]} -> ${after[k]}`);
  const b = new Map(before.balances.split(";").map((x) => x.split("=") as [string, string]));
  const a = new Map(after.balances.split(";").map((x) => x.split("=") as [string, string]));
  for (const id of new Set([...b.keys(), ...a.keys()])) if (b.get(id) !== a.get(id)) parts.push(`balance of ${id} ${b.get(id) ?? "(none)"} -> ${a.get(id) ?? "(none)"}`);
  return parts.join(", ");
}

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
    const registered = registeredApiRoutes();
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
    expect(idsByKind.get("event")?.size ?? 0).toBeGreaterThan(0);
    expect(idsByKind.get("bet")?.size ?? 0).toBeGreaterThan(0);
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
