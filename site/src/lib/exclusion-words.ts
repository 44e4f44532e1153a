/**
 * A time-out or self-exclusion refusal in words. The API's message carries no
 * date; the instants are in the error's details (until, returnAccessAt, ISO), and the customer
 * reads them here in their own locale and time zone ("You are self-excluded until Thu 26 Nov, 17:16").
 */
import { formatLocal, type LocalOptions } from "./local-time.ts";

type Details = { kind?: unknown; until?: unknown; stage?: unknown; returnAccessAt?: unknown };

/** The words for an RG.SELF_EXCLUDED or RG.EXCLUSION_ACTIVE refusal, or null for any other error. */
export function exclusionRefusalText(code: string, details: unknown, o: LocalOptions = {}): string | null {
  if (code !== "RG.SELF_EXCLUDED" && code !== "RG.EXCLUSION_ACTIVE") return null;
  const d = (details ?? {}) as Details;
  const timeout = d.kind === "timeout";
  const until = typeof d.until === "string" ? formatLocal(d.until, "when", o) : null;
  const access = typeof d.returnAccessAt === "string" ? formatLocal(d.returnAccessAt, "when", o) : null;
  if (code === "RG.SELF_EXCLUDED") {
    const what = timeout ? "on a time-out" : "self-excluded";
    if (d.stage === "awaiting_return")
      return "Your self-exclusion period is over; ask to return on your account page (then a 24-hour cooling-off applies)";
    if (d.stage === "cooling_off") return access ? `You asked to return; access comes back on ${access}` : "You asked to return; access comes back after the 24-hour cooling-off";
    return until ? `You are ${what} until ${until}` : `You are ${what} permanently`;
  }
  const name = timeout ? "time-out" : "self-exclusion";
  if (d.stage === "awaiting_return") return "Your self-exclusion period is over, but your account stays closed to gambling until you ask to return";
  if (d.stage === "cooling_off")
    return access ? `You asked to return; access comes back on ${access} after the 24-hour cooling-off` : "You asked to return; access comes back after the 24-hour cooling-off";
  return until ? `Your ${name} runs until ${until}; it cannot be shortened or lifted` : "You are permanently self-excluded; this cannot be changed";
}
