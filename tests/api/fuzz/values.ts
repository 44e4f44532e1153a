/**
 * The raw material of the route fuzzer: hostile values, mutations of near-valid JSON bodies, junk for
 * paths, queries, headers and cookies, and the request body shapes. Pure fast-check arbitraries with
 * no knowledge of the app, so they can be read (and reused) apart from the requests built from them.
 */
import fc from "fast-check";

export type JsonSchema = Record<string, any>;
export interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema?: JsonSchema;
}
export interface Operation {
  method: string;
  /** OpenAPI form: /api/admin/events/{id} */
  path: string;
  parameters: Parameter[];
  /** The application/json request body schema, when the operation takes one. */
  body: JsonSchema | null;
  /** The statuses the document lists for it; null for the undocumented GETs. */
  statuses: Set<number> | null;
}

export const singular = (word: string) => {
  const w = word.toLowerCase();
  if (w.endsWith("ies")) return `${w.slice(0, -3)}y`;
  if (w.endsWith("ses")) return w.slice(0, -2);
  if (w.endsWith("s") && !w.endsWith("ss")) return w.slice(0, -1);
  return w;
};
/** "settle-bet" -> "bet", "all-bets" -> "bet", "contestId" -> "contest". */
export const kindOf = (segment: string) => singular(segment.replace(/Id$/, "").split(/[-_.]/).filter(Boolean).pop() ?? segment);

/** A value written into the JSON text as is (1e309, deep nesting, 30-digit integers...). */
export class Raw {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}
export function serialize(v: unknown): string {
  if (v instanceof Raw) return v.text;
  if (Array.isArray(v)) return `[${v.map(serialize).join(",")}]`;
  if (v && typeof v === "object") return `{${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}:${serialize(x)}`).join(",")}}`;
  return JSON.stringify(v) ?? "null";
}

export const wellFormed = (s: string) => s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
export const enc = (s: string) => encodeURIComponent(wellFormed(s));

export const longString = fc
  .tuple(fc.constantFrom("x", "é", "😀", "\u202e", "0", "%", "<a>"), fc.constantFrom(10_000, 100_000))
  .map(([c, n]) => c.repeat(Math.ceil(n / c.length)).slice(0, n));
export const longPathString = fc.constantFrom("x", "é", "9", "%41").map((c) => c.repeat(Math.ceil(10_000 / c.length)));

export const nastyStrings = fc.constantFrom(
  "", " ", "NaN", "Infinity", "-Infinity", "1e309", "-1e309", "-1", "-0", "0.5", "1.5", "100.50", "0x10", "1e2",
  "9007199254740993", "99999999999999999999999", "null", "undefined", "true", "[]", "{}", "__proto__", "constructor",
  "2024-02-30T00:00:00Z", "+275760-09-13T00:00:00.000Z", "0000-00-00", "9999-99-99T99:99:99Z", "tomorrow",
  "\u0000", "\u202e", "😀", "𝕏", "ß", "İ", "' OR 1=1 --", "<script>alert(1)</script>", "%s%n", "../../etc/passwd", "\r\nX: y",
);
export const unicodeString = fc.oneof(fc.string({ unit: "grapheme", maxLength: 30 }), fc.string({ unit: "binary", maxLength: 30 }));

/** Values that should never get past validation where a number, an id or an enum is expected. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
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

export const fieldNames = fc.oneof(
  fc.constantFrom("unknown", "extra", "__proto__", "constructor", "prototype", "isAdmin", "role", "userId", "balance", "id", "", " ", "a.b", "x".repeat(1000)),
  fc.string({ maxLength: 12 }),
);

export type Mutation = { at: number; kind: "replace" | "delete" | "addField" | "wrapInArray"; value: unknown; field: string };
export const mutationArb: fc.Arbitrary<Mutation> = fc.record({
  at: fc.nat(),
  kind: fc.constantFrom("replace", "replace", "replace", "delete", "addField", "wrapInArray"),
  value: nastyValue,
  field: fieldNames,
});

/** Every place in a JSON value: [parent, key] pairs, the root being [holder, "root"]. */
export function places(holder: Record<string, unknown>): [Record<string, unknown> | unknown[], string | number][] {
  const out: [Record<string, unknown> | unknown[], string | number][] = [[holder, "root"]];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach((x, i) => (out.push([v, i]), walk(x)));
    else if (v && typeof v === "object" && !(v instanceof Raw)) for (const k of Object.keys(v)) out.push([v as Record<string, unknown>, k]), walk((v as Record<string, unknown>)[k]);
  };
  walk(holder.root);
  return out;
}

/** A deep copy (generated values may be shared between runs), keeping Raw values as they are. */
export function copy(v: unknown): unknown {
  if (v instanceof Raw) return v;
  if (Array.isArray(v)) return v.map(copy);
  if (v && typeof v === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) Object.defineProperty(out, k, { value: copy(x), enumerable: true, writable: true, configurable: true });
    return out;
  }
  return v;
}

export function mutate(value: unknown, mutations: Mutation[]): unknown {
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

export interface BodySpec {
  /** undefined: no Content-Type header at all. */
  contentType: string | undefined;
  /** undefined: no body. */
  text: string | undefined;
  label: string;
}

export const JSON_TYPE = "application/json";
export const wrongContentTypes = fc.constantFrom(
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
export const jsonTypeVariants = fc.constantFrom(JSON_TYPE, JSON_TYPE, JSON_TYPE, "application/json; charset=utf-8", "APPLICATION/JSON", "application/json; charset=latin1", "application/vnd.api+json", "application/problem+json");
export const malformedJson = fc.oneof(
  fc.constantFrom(
    "", " ", "{", "}", "[", "{\"a\":}", "{'a':1}", "{a:1}", "undefined", "NaN", "{\"stake\": NaN}", "{\"stake\": Infinity}", "{\"a\":1}}",
    "{\"a\":1,}", "[1,]", "\u0000", "null garbage", "\uFEFF{}", "{\"a\":\"\\ud800\"}", "{\"a\":\"\\x41\"}", "01", "--1", "\"unterminated",
    "[".repeat(100_000), "{\"a\":".repeat(50_000),
  ),
  fc.string({ unit: "binary", maxLength: 40 }),
);
export const wrongShapeJson = fc.oneof(
  fc.constantFrom("[]", "[{}]", "0", "-1", "1.5", "1e309", "null", "true", "false", "\"\"", "\"string\"", "[null]", "{}"),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v) ?? "null"),
);

export const NO_BODY: BodySpec = { contentType: undefined, text: undefined, label: "none" };

export type PathValue = { raw: boolean; value: string };
export const junkPathValue: fc.Arbitrary<PathValue> = fc.oneof(
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


export const junkQueryValue = fc.oneof(
  { weight: 4, arbitrary: nastyStrings },
  { weight: 1, arbitrary: unicodeString },
  { weight: 1, arbitrary: longPathString },
  { weight: 1, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String) },
);

/** Header values must be ByteStrings without CR/LF/NUL, or the request cannot even be built. */
export const headerSafe = (s: string) => s.replace(/[^\x20-\x7e\x80-\xff\t]/g, "?");
export const junkHeaderValue = fc.oneof(
  fc.string({ unit: "grapheme-ascii", maxLength: 40 }),
  fc.constantFrom("", " ", "x".repeat(10_000), "é", "ÿÿÿ", "\t", "a b", "-1", "NaN", "null", "../", "%00", "0".repeat(129)),
);

export const junkCookie = fc.oneof(
  fc.constantFrom("sid=", "sid=%zz", 'sid=""', `sid=${"a".repeat(128)}`, `sid=${"x".repeat(10_000)}`, "__Host-sid=é", "sid=1; sid=2", "=; ;;", "sid"),
  fc.string({ unit: "grapheme-ascii", maxLength: 40 }).map((v) => `sid=${v.replace(/;/g, "")}`),
);

