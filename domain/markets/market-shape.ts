/**
 * What outcomes a market type may have, so that every market an operator creates can be priced
 * and graded from the match state (the outcome codes of domain/shared/types.ts):
 *
 * - full_time_result: the home side, the away side and optionally "Draw" (a side by its team name
 *   or the word Home / Away; "Tie" for the draw). A race's result is its runners: any names.
 * - over_under: exactly "Over X" and "Under X", X the line written in the market's name.
 * - handicap: the two sides at the line in the name, which is the home side's: "Asian Handicap
 *   -1.5" is "Leeds -1.5" and "Hull +1.5".
 * - both_teams_score: "Yes" and "No".
 * - correct_score: scores such as "2-1" and "Any other".
 *
 * Lines are whole or half numbers: a quarter line splits the stake over two lines, which the
 * grader does not do. A race takes only its result and an over/under on the winning margin.
 * Each problem has its own code; the message names the outcome and what was expected.
 */
import { domainError, err, ok, type ErrorCode, type Result } from "../shared/result.ts";
import type { MarketType, SportCode } from "../shared/types.ts";

export interface ShapeEvent {
  sport: SportCode;
  homeTeam: string;
  awayTeam: string;
}

export interface MarketShape {
  /** One code per outcome, in the order given. */
  codes: string[];
  /** over_under: the total's line; handicap: the home side's line; otherwise null. */
  line: number | null;
}

const NUMBER = "[+-]?\\d+(?:\\.\\d+)?";
/** A number standing alone in a name: not part of "1st", "90mins" or "2-1"'s second half. */
const TOKEN = new RegExp(`(?<![\\d.])(${NUMBER})(?![\\d.a-z])`, "gi");

const clean = (s: string) => s.trim().replace(/\s+/g, " ").replace(/\u2212/g, "-");

/** Every number standing alone in a market's name, with its sign ("Asian Handicap -1.5" -> [-1.5]). */
export function numbersInName(name: string): number[] {
  return [...clean(name).matchAll(TOKEN)].map((m) => Number(m[1]));
}

/** The line a market's name states: its first standing number ("1st Half Over/Under 0.5" -> 0.5). */
export function lineInName(name: string): number | null {
  return numbersInName(name)[0] ?? null;
}

/** How a line is written in an outcome: "2.5", and with its sign for a handicap ("+1.5", "-1", "0"). */
export const signedLine = (x: number) => (x > 0 ? `+${x}` : `${x}`);

/** Whole and half lines only (see the header). */
const gradableLine = (x: number) => Number.isFinite(x) && Number.isInteger(x * 2);

const refuse = (code: ErrorCode, message: string, details?: Record<string, unknown>): Result<never> => err(domainError(code, message, details));

/** The problem with the names given, or the codes and line. `marketName` carries the line. */
export function marketShape(type: MarketType, event: ShapeEvent, names: readonly string[], marketName: string): Result<MarketShape> {
  const outcomes = names.map(clean);
  if (event.sport === "racing") {
    if (type === "full_time_result") return ok({ codes: outcomes.map((_, i) => `r${i + 1}`), line: null });
    if (type !== "over_under")
      return refuse("MARKET.TYPE_NOT_OFFERED", "A race takes its result (the runners) and an over/under on the winning margin only", { field: "marketType" });
  }
  const parsed = outcomes.map((n) => parseOutcome(type, event, n));
  const unknown = parsed.findIndex((p) => p === null);
  if (unknown >= 0) {
    const expected = expectedNames(type, event, marketName);
    return refuse("MARKET.OUTCOME_UNKNOWN", `"${outcomes[unknown]}" is not an outcome of ${TYPE_WORDS[type]}: expected ${expected}`, {
      field: `outcomes.${unknown}.name`,
      expected,
    });
  }
  const known = parsed as Parsed[];
  const seen = new Map<string, number>();
  for (const [i, p] of known.entries()) {
    const before = seen.get(p.code);
    if (before !== undefined)
      return refuse("MARKET.DUPLICATE_OUTCOME", `"${outcomes[before]}" and "${outcomes[i]}" are the same outcome`, { field: `outcomes.${i}.name` });
    seen.set(p.code, i);
  }
  const missing = REQUIRED[type].filter((c) => !seen.has(c));
  if (missing.length > 0 || (type === "correct_score" && seen.size < 2))
    return refuse("MARKET.OUTCOMES_INCOMPLETE", `${capital(TYPE_WORDS[type])} needs ${expectedNames(type, event, marketName)}`, {
      field: "outcomes",
      missing: type === "correct_score" && missing.length === 0 ? ["a score"] : missing,
    });
  const line = lineOf(type, known);
  if (line !== null) {
    const lineOk = checkLine(type, known, outcomes, line, marketName);
    if (!lineOk.ok) return lineOk;
  }
  return ok({ codes: known.map((p) => p.code), line });
}

type Parsed = { code: string; line?: number };

const TYPE_WORDS: Record<MarketType, string> = {
  full_time_result: "a match result",
  over_under: "an over/under market",
  handicap: "a handicap market",
  both_teams_score: "a both-teams-to-score market",
  correct_score: "a correct score market",
};
const capital = (s: string) => s[0].toUpperCase() + s.slice(1);

/** The codes every market of the type must have (a result's draw is optional). */
const REQUIRED: Record<MarketType, string[]> = {
  full_time_result: ["home", "away"],
  over_under: ["over", "under"],
  handicap: ["home", "away"],
  both_teams_score: ["yes", "no"],
  correct_score: ["other"],
};

/** A side of the event by its team name or the word Home / Away, the longer team name first. */
function sideOf(event: ShapeEvent, text: string): { code: "home" | "away"; rest: string } | null {
  const lower = text.toLowerCase();
  const sides: [string, "home" | "away"][] = [
    [clean(event.homeTeam).toLowerCase(), "home"],
    [clean(event.awayTeam).toLowerCase(), "away"],
    ["home", "home"],
    ["away", "away"],
  ];
  sides.sort((a, b) => b[0].length - a[0].length);
  for (const [name, code] of sides)
    if (name && (lower === name || lower.startsWith(name + " "))) return { code, rest: text.slice(name.length).trim() };
  return null;
}

function parseOutcome(type: MarketType, event: ShapeEvent, name: string): Parsed | null {
  const lower = name.toLowerCase();
  switch (type) {
    case "full_time_result": {
      if (lower === "draw" || lower === "tie") return { code: "draw" };
      const side = sideOf(event, name);
      return side && side.rest === "" ? { code: side.code } : null;
    }
    case "over_under": {
      const m = new RegExp(`^(over|under) (\\d+(?:\\.\\d+)?)$`, "i").exec(name);
      return m ? { code: m[1].toLowerCase(), line: Number(m[2]) } : null;
    }
    case "handicap": {
      const side = sideOf(event, name);
      return side && new RegExp(`^${NUMBER}$`).test(side.rest) ? { code: side.code, line: Number(side.rest) } : null;
    }
    case "both_teams_score":
      return lower === "yes" || lower === "no" ? { code: lower } : null;
    case "correct_score": {
      if (isAnyOther(name)) return { code: "other" };
      const m = /^(\d{1,2}) ?[-:] ?(\d{1,2})$/.exec(name);
      return m ? { code: `${Number(m[1])}-${Number(m[2])}` } : null;
    }
  }
}

/** The catch-all of a correct score market. */
export const isAnyOther = (name: string) => /^any other( score)?$/i.test(clean(name));

/** The market's line from its outcomes: the over's, or the home side's handicap. */
function lineOf(type: MarketType, parsed: readonly Parsed[]): number | null {
  if (type === "over_under") return parsed.find((p) => p.code === "over")!.line!;
  if (type === "handicap") return parsed.find((p) => p.code === "home")!.line!;
  return null;
}

/** The outcomes' lines agree with each other and with the name, and the line can be graded. */
function checkLine(type: MarketType, parsed: readonly Parsed[], outcomes: readonly string[], line: number, marketName: string): Result<null> {
  const other = type === "over_under" ? parsed.findIndex((p) => p.code === "under") : parsed.findIndex((p) => p.code === "away");
  const otherLine = parsed[other].line!;
  if (type === "over_under" ? otherLine !== line : otherLine !== -line)
    return refuse("MARKET.LINE_MISMATCH", type === "over_under"
      ? `"${outcomes[other]}" must be at the over's line: "Under ${line}"`
      : `The two sides must be at opposite lines: "${outcomes[other]}" should be at ${signedLine(-line)}`, { field: `outcomes.${other}.name` });
  if (!gradableLine(line))
    return refuse("MARKET.LINE_INVALID", `A line of ${line} cannot be settled: use a whole or half line (such as 2 or 2.5)`, { field: "outcomes" });
  const stated = numbersInName(marketName);
  if (stated.length === 0)
    return refuse("MARKET.LINE_MISSING", type === "over_under"
      ? `Put the line in the market's name, e.g. "Over/Under ${line}"`
      : `Put the home side's line in the market's name, e.g. "Asian Handicap ${signedLine(line)}"`, { field: "name" });
  if (!stated.includes(line))
    return refuse("MARKET.LINE_MISMATCH", `The name says ${stated.map((x) => (type === "handicap" ? signedLine(x) : String(x))).join(" / ")} but the outcomes are at ${type === "handicap" ? `${signedLine(line)} for the home side` : line}`, {
      field: "name",
      nameLines: stated,
      outcomeLine: line,
    });
  return ok(null);
}

/**
 * The outcome names a market of the type has by default, from the event and the line in the name
 * (null where the name carries no line). The Create Market dialog fills them in; the standard
 * outcomes of a market created without outcomes are these.
 */
export function defaultOutcomeNames(type: MarketType, event: ShapeEvent, marketName: string, draw = true): string[] | null {
  const line = lineInName(marketName);
  switch (type) {
    case "full_time_result":
      return [event.homeTeam, ...(draw ? ["Draw"] : []), event.awayTeam];
    case "over_under":
      return line === null || line < 0 ? null : [`Over ${line}`, `Under ${line}`];
    case "handicap":
      return line === null ? null : [`${event.homeTeam} ${signedLine(line)}`, `${event.awayTeam} ${signedLine(-line)}`];
    case "both_teams_score":
      return ["Yes", "No"];
    case "correct_score":
      return [...STANDARD_SCORES, "Any other"];
  }
}

export const STANDARD_SCORES = ["1-0", "2-0", "2-1", "3-0", "3-1", "0-0", "1-1", "2-2", "0-1", "0-2", "1-2", "1-3"] as const;

/** What the type expects, in words, for a refusal's message. */
function expectedNames(type: MarketType, event: ShapeEvent, marketName: string): string {
  const quote = (xs: readonly string[]) => xs.map((x) => `"${x}"`).join(", ");
  switch (type) {
    case "full_time_result":
      return `${quote([event.homeTeam, event.awayTeam])} (or "Home", "Away") and optionally "Draw"`;
    case "over_under": {
      const names = defaultOutcomeNames(type, event, marketName);
      return names ? quote(names) : `"Over X" and "Under X" with X the line in the market's name`;
    }
    case "handicap": {
      const names = defaultOutcomeNames(type, event, marketName);
      return names ? quote(names) : `the two sides at the home side's line in the market's name, e.g. "${event.homeTeam} -1.5", "${event.awayTeam} +1.5"`;
    }
    case "both_teams_score":
      return `"Yes" and "No"`;
    case "correct_score":
      return `scores such as "2-1" and "Any other"`;
  }
}
