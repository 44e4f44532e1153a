/**
 * `npm run calibrate -- --json` (scripts/calibrate.ts): a handful of matches per sport, to check
 * what the command prints, not the figures (the command itself shows those, over 500 matches).
 */
import { execFileSync } from "node:child_process";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { calibrate, CALIBRATED_SPORTS } from "../../scripts/calibration.ts";

const ROOT = resolve(import.meta.dirname, "../..");

describe("npm run calibrate -- --json", () => {
  it("prints one JSON object as its last line: every sport with a result market, its matches, Brier score and calibration error", () => {
    const out = execFileSync(process.execPath, ["scripts/calibrate.ts", "--json", "--matches", "4"], { cwd: ROOT, encoding: "utf8" });
    const last = out.trim().split("\n").at(-1)!;
    const figures = JSON.parse(last) as Record<string, { matches: number; brier: number; calibrationError: number }>;
    expect(Object.keys(figures).sort()).toEqual(Object.keys(CALIBRATED_SPORTS).sort());
    for (const f of Object.values(figures)) {
      expect(Object.keys(f).sort()).toEqual(["brier", "calibrationError", "matches"]);
      expect(f.matches).toBe(4);
      expect(f.brier).toBeGreaterThanOrEqual(0);
      expect(f.calibrationError).toBeGreaterThanOrEqual(0);
      expect(f.calibrationError).toBeLessThanOrEqual(1);
    }
  });

  it("is repeatable: the same seed gives the same figures", () => {
    const a = calibrate({ matches: 3, sports: ["soccer", "nfl"] });
    const b = calibrate({ matches: 3, sports: ["soccer", "nfl"] });
    expect(b).toEqual(a);
    expect(a.soccer.matches).toBe(3);
  });
});
