/**
 * A suspended customer on the betting page (issue 22). Their session answers 403
 * AUTH.ACCOUNT_SUSPENDED: the page says the account is suspended and what they can still do (their
 * balance is theirs: withdraw it from the account page, GET /api/wallet/withdraw-access says whether
 * they can now), and the slip's Place is disabled with that reason instead of asking them to log in.
 */
import { Button, Callout, Text } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { ApiError } from "../../lib/api.ts";
import { formatMoney } from "../../lib/format.ts";
import { useLogout } from "../account/use-logout.ts";
import { useCurrentUser } from "./session.tsx";
import { queries } from "../../lib/queries.ts";

export const SUSPENDED_REASON = "Your account is suspended: betting is closed.";

/**
 * A placement refused for the session, in words: a suspended account says so (with what it can do),
 * and a page whose session has ended (a suspension ends every session) says that rather than a bare
 * "Please log in".
 */
export function sessionRefusalText(code: string, err?: { message: string; details: unknown }): string | null {
  // A session the suspension ended (issue 22): the server's words, which say how to reach the money.
  if (code === "AUTH.ACCOUNT_SUSPENDED" && (err?.details as { sessionEnded?: boolean } | undefined)?.sessionEnded) return err!.message;
  if (code === "AUTH.ACCOUNT_SUSPENDED") return `${SUSPENDED_REASON} Your balance is still yours: withdraw it from your account page.`;
  if (code === "AUTH.REQUIRED") return "Your session has ended (signed out, expired, or the account was suspended). Please log in again.";
  return null;
}

/** Whether the signed-in session belongs to a suspended account. */
export function useAccountSuspended(): boolean {
  const { error } = useCurrentUser();
  return error instanceof ApiError && error.code === "AUTH.ACCOUNT_SUSPENDED";
}

export function SuspendedBanner() {
  const suspended = useAccountSuspended();
  const access = useQuery({
    ...queries.withdrawAccess(),
    enabled: suspended,
    retry: false,
  });
  const logout = useLogout(null);
  if (!suspended) return null;
  const a = access.data;
  const money =
    !a ? "Your balance is still yours." :
    a.blockedBy === "under_investigation" ? `Your balance of ${formatMoney(a.balance)} is still yours; withdrawals are on hold while the account is reviewed.` :
    a.blockedBy === "verification_required" ? `Your balance of ${formatMoney(a.balance)} is still yours: verify your identity on the account page to withdraw it.` :
    `Your balance of ${formatMoney(a.balance)} is still yours: you can withdraw it from your account page.`;
  return (
    <div className="sb-suspended" data-testid="suspended-banner">
      <Callout.Root color="red" role="alert">
        <Callout.Text>
          <Text weight="bold">{SUSPENDED_REASON}</Text> {money} Please contact support about the suspension.{" "}
          <a href="/account" data-testid="suspended-withdraw-link">
            Go to your account to withdraw
          </a>{" "}
          <Button size="1" variant="soft" color="gray" onClick={() => logout.mutate()} disabled={logout.isPending}>
            Log out
          </Button>
        </Callout.Text>
      </Callout.Root>
    </div>
  );
}
