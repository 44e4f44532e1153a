/**
 * The banner on /betting, /fantasy and the account page while a time-out, a self-exclusion (own,
 * inherited from another account of the same person) or a national register listing is in force:
 * in words and local time, before the customer builds a slip or a lineup that would be refused.
 */
import { Callout, Text } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import type { ResponsibleState } from "../../../../api/schemas/responsible.ts";
import { formatDateTime } from "../../lib/format.ts";
import { customerQueries } from "../../lib/queries-customer.ts";

/** "You are on a time-out until Thu 26 Nov, 17:16" (no full stop), or null when nothing is in force. */
function exclusionInForce(x: ResponsibleState["exclusion"]): string | null {
  if (!x.active) return x.registerListed ? "You are registered with the national self-exclusion scheme (GAMSTOP)" : null;
  const what = x.kind === "timeout" ? "You are on a time-out" : "You are self-excluded";
  const when =
    x.until === null
      ? " permanently"
      : x.stage === "awaiting_return"
        ? ": the period is over, and gambling stays closed until you ask to return on your account page"
        : x.stage === "cooling_off" && x.returnAccessAt
          ? `: you asked to return, gambling opens again ${formatDateTime(x.returnAccessAt)}`
          : ` until ${formatDateTime(x.until)}`;
  return `${what}${when}`;
}

export function exclusionBannerText(x: ResponsibleState["exclusion"]): string | null {
  const inForce = exclusionInForce(x);
  if (!inForce) return null;
  if (!x.active) return `${inForce}: betting, contests and deposits are closed.`;
  return `${inForce}. Betting, contests and deposits are closed; you can still sign in and withdraw.${x.inherited ? " (It applies to all your accounts.)" : ""}`;
}

/** Why the slip's Place Bet is disabled during an exclusion: "You are on a time-out until …: betting is closed." */
export function exclusionSlipText(x: ResponsibleState["exclusion"]): string | null {
  const inForce = exclusionInForce(x);
  return inForce ? `${inForce}: betting is closed.` : null;
}

export function ExclusionBanner({ enabled }: { enabled: boolean }) {
  const rg = useQuery({ ...customerQueries.responsible(), enabled });
  const text = rg.data ? exclusionBannerText(rg.data.exclusion) : null;
  if (!enabled || !text) return null;
  return (
    <Callout.Root color="red" role="status" data-testid="exclusion-banner" style={{ margin: "8px 16px" }}>
      <Callout.Text>
        <Text weight="bold">{text}</Text>
      </Callout.Text>
    </Callout.Root>
  );
}
