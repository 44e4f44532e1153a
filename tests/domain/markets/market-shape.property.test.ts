/**
 * Properties of the Create Market rule (domain/markets/market-shape.ts) against the grader
 * (domain/pricing/grade.ts): what the rule accepts, the results job can always settle.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { defaultOutcomeNames, marketShape } from "../../../domain/markets/market-shape.ts";
import { gradeMarket } from "../../../domain/pricing/grade.ts";
import type { MatchState } from "../../../domain/shared/types.ts";

const ev = { sport: "soccer" as const, homeTeam: "Leeds", awayTeam: "Hull" };
const code = (r: ReturnType<typeof marketShape>) => (r.ok ? "ok" : r.error.code);

const halfLine = (min: number, max: number) => fc.integer({ min: min * 2, max: max * 2 }).map((n) => n / 2);
const finished = (home: number, away: number): MatchState => ({ sport: "soccer", phase: "finished", clock: 5400, length: 5400, period: 2, home, away });

describe("marketShape and the grader agree (properties)", () => {
  it("the default names at any whole or half line are accepted, and the grader decides the market at the finish", () => {
    fc.assert(
      fc.property(fc.constantFrom("over_under" as const, "handicap" as const), halfLine(-20, 20), fc.nat(12), fc.nat(12), (type, raw, h, a) => {
        const line = type === "over_under" ? Math.abs(raw) : raw;
        const name = type === "over_under" ? `Total Goals Over/Under ${line}` : `Asian Handicap ${line > 0 ? "+" : ""}${line}`;
        const names = defaultOutcomeNames(type, ev, name)!;
        const shape = marketShape(type, ev, names, name);
        expect(shape).toEqual({ ok: true, value: { codes: type === "over_under" ? ["over", "under"] : ["home", "away"], line } });
        if (!shape.ok) return;
        const grades = gradeMarket({ type, line, codes: shape.value.codes }, finished(h, a));
        // Every outcome decided: one winner, or every stake back on a line that lands exactly.
        expect(grades.every((g) => g !== null)).toBe(true);
        expect(grades.filter((g) => g === "won").length === 1 || grades.every((g) => g === "void")).toBe(true);
      }),
    );
  });
  it("outcomes at any other line than the name's are refused", () => {
    fc.assert(
      fc.property(halfLine(0, 30), halfLine(0, 30), (named, offered) => {
        fc.pre(named !== offered);
        const r = marketShape("over_under", ev, [`Over ${offered}`, `Under ${offered}`], `Over/Under ${named}`);
        expect(code(r)).toBe("MARKET.LINE_MISMATCH");
      }),
    );
  });
  it("any accepted correct score market has exactly one winner at the finish", () => {
    const score = fc.tuple(fc.nat(6), fc.nat(6)).map(([h, a]) => `${h}-${a}`);
    fc.assert(
      fc.property(fc.uniqueArray(score, { minLength: 1, maxLength: 12 }), fc.nat(8), fc.nat(8), (scores, h, a) => {
        const shape = marketShape("correct_score", ev, [...scores, "Any other"], "Correct Score");
        expect(shape.ok).toBe(true);
        if (!shape.ok) return;
        const grades = gradeMarket({ type: "correct_score", line: null, codes: shape.value.codes }, finished(h, a));
        expect(grades.filter((g) => g === "won")).toHaveLength(1);
      }),
    );
  });
  it("names that are not outcomes of the type are never accepted", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 12 }).filter((s) => !/^\s*(yes|no)\s*$/i.test(s)), (junk) => {
        fc.pre(junk.trim() !== "");
        expect(marketShape("both_teams_score", ev, ["Yes", "No", junk], "BTTS").ok).toBe(false);
      }),
    );
  });
});
