import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { keys } from "./query-keys.ts";
import { bettingQueries } from "./queries-betting.ts";
import { customerQueries } from "./queries-customer.ts";
import { accountQueries } from "./queries-account.ts";
import { fantasyQueries } from "./queries-fantasy.ts";
import { adminKeys, adminQueries } from "./queries-admin.ts";
import { queryString } from "./api.ts";

const SRC = fileURLToPath(new URL("..", import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [path] : [];
  });
}

/** A query key written by hand: a literal array where a key goes, or an array of "/api/..." keys. */
const HAND_WRITTEN: [string, RegExp][] = [
  ["queryKey: [literal or variable]", /queryKey:\s*\[\s*(?!\.\.\.)/],
  ["setQueryData/getQueryData([...])", /(?:set|get)Quer(?:y|ies)Data(?:<[^>]*>)?\(\s*\[/],
  ['an array of "/api/..." key(s)', /\[\s*\[?\s*["'`]\/api\/[^"'`]*["'`]\s*[\],]/],
];

/** Where each pattern matches in `text` (line numbers, 1-based). */
function matches(text: string, pattern: RegExp): number[] {
  return text.split("\n").flatMap((line, i) => (pattern.test(line) ? [i + 1] : []));
}

describe("query keys come from the factory module", () => {
  it("no file in site/src but the factory modules (lib/queries*.ts, lib/query-keys.ts) writes a query key by hand", () => {
    const files = sources(SRC);
    expect(files.some((f) => f.endsWith(join("betting", "bet-slip.tsx")))).toBe(true);
    const found: string[] = [];
    for (const file of files) {
      if (/[\\/]lib[\\/](queries(-\w+)?|query-keys)\.ts$/.test(file)) continue;
      const text = readFileSync(file, "utf8");
      for (const [what, pattern] of HAND_WRITTEN)
        for (const line of matches(text, pattern)) found.push(`${relative(SRC, file)}:${line} ${what}`);
    }
    expect(found).toEqual([]);
  });

  it("the scan sees a hand-written key (so it cannot pass vacuously)", () => {
    const samples = [
      'queryClient.invalidateQueries({ queryKey: ["/api/events"] })',
      "void client.invalidateQueries({ queryKey: [key] });",
      'client.setQueryData(["/api/customer/balance"], { balance });',
      'for (const queryKey of [["/api/admin/all-bets"], ["/api/dashboard/stats"]])',
      '["/api/fantasy/contests", "/api/fantasy/sports"].map((key) => 0)',
    ];
    for (const s of samples) expect(HAND_WRITTEN.some(([, p]) => p.test(s)), s).toBe(true);
    const fine = ["queryClient.invalidateQueries({ queryKey: keys.events })", "queryKey: [...keys.events, status]", 'apiSend("POST", "/api/bets", body)'];
    for (const s of fine) expect(HAND_WRITTEN.some(([, p]) => p.test(s)), s).toBe(false);
  });

  it("every factory's key starts with one of the prefix keys, and the prefixes are distinct", () => {
    const prefixes = [...Object.values(keys), ...Object.values(adminKeys)].map((k) => k[0]);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    const areas = [bettingQueries, customerQueries, accountQueries, fantasyQueries, adminQueries];
    const factories = Object.assign({}, ...areas) as Record<string, unknown>;
    // No name in two areas: a clash would let one factory hide another wherever modules are spread together.
    expect(Object.keys(factories).length).toBe(areas.reduce((n, a) => n + Object.keys(a).length, 0));
    for (const [name, factory] of Object.entries(factories)) {
      const make = factory as (...args: unknown[]) => { queryKey: readonly unknown[] };
      const key = make.length > 0 ? make([]).queryKey : make().queryKey;
      expect(prefixes, name).toContain(key[0]);
    }
  });
});

describe("queryString, the one query-string builder of the site's reads", () => {
  it("leaves out undefined, null and empty values, sorts the keys, and gives '' when nothing is left", () => {
    expect(queryString({ status: "upcoming", limit: 50, sport: undefined, q: "", x: null })).toBe("?limit=50&status=upcoming");
    expect(queryString({ b: 2, a: "x y" })).toBe("?a=x+y&b=2");
    expect(queryString({ a: undefined })).toBe("");
  });

  it("is the only place in site/src/lib that builds a URLSearchParams", () => {
    const builders = readdirSync(SRC + "lib")
      .filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".test.ts") && f !== "api.ts")
      .filter((f) => readFileSync(join(SRC, "lib", f), "utf8").includes("new URLSearchParams("));
    expect(builders).toEqual([]);
  });
});
