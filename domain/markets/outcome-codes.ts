/**
 * What a market's outcomes are, read from their names when an operator creates a market or an
 * event (the codes of domain/pricing/state.ts): so the feed can price and grade it from the match
 * state, and the results job settle it. An outcome whose name says nothing it knows gets no code;
 * such a market is neither priced nor graded automatically (an operator settles it).
 */
import type { MarketType, SportCode } from "../shared/types.ts";

const num = (text: string): number | null => {
  const m = /[+-]?\d+(?:\.\d+)?/.exec(text);
  return m ? Number(m[0]) : null;
};

export function codesFor(
  type: MarketType,
  event: { sport: SportCode; homeTeam: string; awayTeam: string },
  names: readonly string[],
  marketName = "",
): { codes: (string | null)[]; line: number | null } {
  const lower = names.map((n) => n.trim().toLowerCase());
  const home = event.homeTeam.trim().toLowerCase();
  const away = event.awayTeam.trim().toLowerCase();
  switch (type) {
    case "full_time_result": {
      if (event.sport === "racing") return { codes: names.map((_, i) => `r${i + 1}`), line: null };
      const codes = lower.map((n) => (n === home ? "home" : n === away ? "away" : n === "draw" || n === "tie" ? "draw" : null));
      if (codes.some((c) => c === null)) {
        // By position, as the match-result markets are laid out: home, (draw,) away.
        const byPosition = names.length === 2 ? ["home", "away"] : names.length === 3 ? ["home", "draw", "away"] : null;
        return { codes: byPosition ?? codes, line: null };
      }
      return { codes, line: null };
    }
    case "over_under": {
      const codes = lower.map((n) => (/^over\b/.test(n) ? "over" : /^under\b/.test(n) ? "under" : null));
      const over = names.find((_, i) => codes[i] === "over");
      return { codes, line: (over ? num(over) : null) ?? num(marketName) };
    }
    case "handicap": {
      const codes = lower.map((n) => (n.startsWith(home + " ") ? "home" : n.startsWith(away + " ") ? "away" : null));
      const homeName = names.find((_, i) => codes[i] === "home");
      return { codes, line: homeName ? num(homeName.trim().slice(event.homeTeam.trim().length)) : null };
    }
    case "both_teams_score":
      return { codes: lower.map((n) => (n === "yes" ? "yes" : n === "no" ? "no" : null)), line: null };
    case "correct_score":
      return {
        codes: lower.map((n) => {
          const m = /^(\d+)\s*[-:]\s*(\d+)$/.exec(n);
          return m ? `${Number(m[1])}-${Number(m[2])}` : /other/.test(n) ? "other" : null;
        }),
        line: null,
      };
  }
}
