/**
 * Requests for one operation, built from its OpenAPI entry: each dimension of a request (path
 * parameters, query, headers, body) has a valid variant, built from the schema and the API's own
 * data (a Harvest), and a fuzzed one. An input fuzzes one dimension and keeps the others valid (so the
 * fuzzed part is what gets judged), or fuzzes all of them, or none.
 */
import fc from "fast-check";
import type { Harvest } from "./harvest.ts";
import {
  type BodySpec,
  type JsonSchema,
  type Operation,
  type Parameter,
  type PathValue,
  JSON_TYPE,
  NO_BODY,
  enc,
  fieldNames,
  headerSafe,
  jsonTypeVariants,
  junkCookie,
  junkHeaderValue,
  junkPathValue,
  junkQueryValue,
  kindOf,
  malformedJson,
  mutate,
  mutationArb,
  serialize,
  singular,
  wrongContentTypes,
  wrongShapeJson,
} from "./values.ts";

/** Who sends a request: nobody, or one of the signed-in demo users. */
export type ActorName = "anonymous" | "customer" | "trader" | "admin";

export interface FuzzInput {
  actor: ActorName;
  method: string;
  url: string;
  headers: Record<string, string>;
  body: BodySpec;
  /** Which part was fuzzed. */
  focus: string;
}

export const ACTORS: ActorName[] = ["anonymous", "customer", "trader", "admin"];
export const anyActor: fc.Arbitrary<ActorName> = fc.constantFrom(...ACTORS);
/** Mostly the actors that get past the role checks (so validation and the use case are reached), sometimes the others. */
export const actorsFavouring = (passing: ActorName[]): fc.Arbitrary<ActorName> =>
  passing.length === 0 ? anyActor : fc.oneof(...ACTORS.map((a) => ({ weight: passing.includes(a) ? 6 : 1, arbitrary: fc.constant(a) })));

export const short = (s: string, n = 200) => (s.length > n ? `${s.slice(0, n)}…(${s.length} chars)` : s);
export const describeInput = (i: FuzzInput) =>
  `${i.actor}, fuzzing ${i.focus}: ${i.method} ${short(i.url)}\n  headers ${short(JSON.stringify(i.headers), 300)}\n  body [${i.body.label}] content-type=${JSON.stringify(i.body.contentType)} ${
    i.body.text === undefined ? "(none)" : short(JSON.stringify(i.body.text), 400)
  }`;

interface Dimension<T> {
  valid: fc.Arbitrary<T>;
  fuzzed: fc.Arbitrary<T>;
  /** Whether fuzzing this dimension means anything for this operation (it has such inputs). */
  relevant: boolean;
}

/** The arbitraries for the operations of one OpenAPI document, aimed with what `pool` gathered. */
export function requestArbitraries(schemas: Record<string, JsonSchema>, pool: Harvest) {
  function resolveRef(s: JsonSchema | undefined): JsonSchema {
    let cur = s ?? {};
    for (let i = 0; i < 10 && typeof cur.$ref === "string"; i++) {
      const name = decodeURIComponent(cur.$ref.replace(/^#\/components\/schemas\//, ""));
      cur = schemas[name] ?? {};
    }
    return cur;
  }

  function hintsFor(name: string | undefined, type: "string" | "number"): (string | number)[] {
    if (!name) return [];
    const out = new Set<string | number>();
    for (const v of pool.samplesByKey.get(name) ?? []) if (typeof v === type) out.add(v as string | number);
    if (type === "string" && (/Id$/.test(name) || name === "id")) {
      for (const v of name === "id" ? pool.allIds : (pool.idsByKind.get(kindOf(name)) ?? [])) out.add(v);
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
        const fitting = needed.length >= 2 ? pool.records.filter((r) => needed.every((k) => r[k] !== undefined && (resolveRef(props[k]).enum?.includes(r[k]) ?? true))) : [];
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

  /** A path parameter: ids of the kind the path names ("/settle-bet/{id}" -> bet ids), any id, or junk. */
  function pathDimension(op: Operation): Dimension<string> {
    const names = op.path.match(/\{[^}]+\}/g)?.map((m) => m.slice(1, -1)) ?? [];
    const known = [...pool.allIds];
    const perName = names.map((name) => {
      const segments = op.path.split("/");
      const before = segments.slice(0, segments.indexOf(`{${name}}`)).filter((x) => x && !x.startsWith("{")).pop() ?? "";
      const ofKind = [...(pool.idsByKind.get(name === "id" ? kindOf(before) : kindOf(name)) ?? [])];
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

  return { inputArb };
}
