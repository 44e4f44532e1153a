/**
 * npm run calibrate [-- --json] [-- --matches N] [-- --sport nfl]: how well the in-play models'
 * match-result probabilities agree with the matches the engine plays (scripts/calibration.ts,
 * docs/trading.md "Calibration"). Prints a table per sport; with --json, one JSON object as the
 * last line: {"<sport>": {"matches": n, "brier": x, "calibrationError": y}, ...}.
 */
import type { SportCode } from "../domain/shared/types.ts";
import { calibrateSport, CALIBRATED_SPORTS, type SportCalibration } from "./calibration.ts";

const args = process.argv.slice(2);
const json = args.includes("--json");
const valueOf = (flag: string) => {
  const i = args.indexOf(flag);
  return i >= 0 ? args[i + 1] : undefined;
};
const matches = Number(valueOf("--matches") ?? 500);
const only = valueOf("--sport");
const sports = (Object.keys(CALIBRATED_SPORTS) as SportCode[]).filter((s) => !only || s === only);
if (!(matches >= 1) || sports.length === 0) {
  console.error("usage: npm run calibrate -- [--json] [--matches N] [--sport code]");
  process.exit(2);
}

const TARGET = 0.03;
const started = performance.now();
const out: Record<string, SportCalibration> = {};
for (const sport of sports) {
  const t = performance.now();
  const r = calibrateSport(sport, { matches });
  out[sport] = r;
  console.log(
    `${sport.padEnd(11)} matches ${String(r.matches).padStart(5)}  brier ${r.brier.toFixed(4)}  calibration error ${r.calibrationError.toFixed(4)}` +
      `  ${r.calibrationError <= TARGET ? "ok" : "ABOVE 0.03"}  (${((performance.now() - t) / 1000).toFixed(1)} s)`,
  );
}
console.log(`all sports in ${((performance.now() - started) / 1000).toFixed(1)} s`);
const round = (x: number) => Math.round(x * 1e5) / 1e5;
if (json) console.log(JSON.stringify(Object.fromEntries(Object.entries(out).map(([k, v]) => [k, { matches: v.matches, brier: round(v.brier), calibrationError: round(v.calibrationError) }]))));
