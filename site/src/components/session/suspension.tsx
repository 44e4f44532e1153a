/**
 * A suspended account, on every customer page as it loads (/betting, /fantasy, /account): the
 * server answers the page's first read (GET /api/auth/session) with 403 AUTH.ACCOUNT_SUSPENDED,
 * whose details say the reason category, whether it is a demo account and whether the suspension
 * ended this session. The banner says why and what to do next, in the words of
 * domain/accounts/suspension.ts (the same words the slip shows beside its disabled Place Bet):
 *   - a real account still signed in: its balance, the way to withdraw it, contact support, log out;
 *   - a real account whose session the suspension ended: sign in to withdraw;
 *   - a demo account: start a new demo (it holds only demo credits and is never reopened).
 */
import { Button, Callout, Text } from "@radix-ui/themes";
import { useMutation, useQuery } from "@tanstack/react-query";
import { suspensionFromDetails, suspensionWords, type SuspensionState } from "../../../../domain/accounts/suspension.ts";
import { ApiError, apiSend } from "../../lib/api.ts";
import { formatMoney } from "../../lib/format.ts";
import { customerQueries } from "../../lib/queries-customer.ts";
import { useLogout } from "../account/use-logout.ts";
import "./banners.css";

const FALLBACK: SuspensionState = { category: "review", isDemo: false, sessionEnded: false };

/** The suspension of the signed-in cookie's account, or null when it is not suspended. */
export function useSuspension(): SuspensionState | null {
  // retryOnMount false: a banner mounting under a page that answered 403 must not ask again. Asking
  // again empties the answer while it waits, the page shows its loading state, the banner unmounts,
  // the answer comes back, the banner mounts and asks again: an endless loop of requests.
  const { error } = useQuery({ ...customerQueries.currentUser(), retryOnMount: false });
  if (!(error instanceof ApiError) || error.code !== "AUTH.ACCOUNT_SUSPENDED") return null;
  return suspensionFromDetails(error.details) ?? FALLBACK;
}

/** A fresh demo customer in this browser (the suspended one's cookie is replaced), then this page again. */
function useStartNewDemo() {
  return useMutation({
    mutationFn: () => apiSend<{ redirectTo: string }>("POST", "/api/demo/login", { role: "customer", startOver: true }),
    onSuccess: () => window.location.reload(),
  });
}

/** What the customer can do next, as a link or a button (high contrast: white on the accent fails axe inside the red callout). */
export function SuspensionAction({ s, size = "2" }: { s: SuspensionState; size?: "1" | "2" }) {
  const startOver = useStartNewDemo();
  if (s.isDemo)
    return (
      <Button size={size} highContrast onClick={() => startOver.mutate()} loading={startOver.isPending || startOver.isSuccess} data-testid="suspension-new-demo">
        Start a new demo
      </Button>
    );
  if (s.sessionEnded)
    return (
      <Button asChild size={size} highContrast>
        <a href={`/sign-in?next=${encodeURIComponent("/account#withdraw")}`} data-testid="suspension-sign-in">
          Sign in to withdraw
        </a>
      </Button>
    );
  return (
    <Button asChild size={size} highContrast>
      <a href="/account#withdraw" data-testid="suspension-withdraw">
        Withdraw your balance
      </a>
    </Button>
  );
}

/** The balance of a real account still signed in (GET /api/wallet/withdraw-access stays open to it). */
function BalanceLine() {
  const access = useQuery({ ...customerQueries.withdrawAccess(), retry: false });
  const a = access.data;
  if (!a) return null;
  const hold =
    a.blockedBy === "under_investigation"
      ? " Withdrawals are on hold while we review the account."
      : a.blockedBy === "verification_required"
        ? " Verify your identity on the account page to withdraw it."
        : "";
  return (
    <Text as="p" size="2" mt="1" data-testid="suspension-balance">
      Your balance: {formatMoney(a.balance)}.{hold}
    </Text>
  );
}

export function SuspensionBanner({ suspension }: { suspension?: SuspensionState | null }) {
  const fromSession = useSuspension();
  const s = suspension ?? fromSession;
  const logout = useLogout(null);
  if (!s) return null;
  const words = suspensionWords(s);
  const signedIn = !s.isDemo && !s.sessionEnded;
  return (
    <Callout.Root color="red" role="alert" data-testid="suspension-banner" data-category={s.category} style={{ margin: "12px clamp(12px, 2vw, 24px) 0" }}>
      <Callout.Text>
        <Text weight="bold" data-testid="suspension-headline">
          {words.headline}
        </Text>{" "}
        <span data-testid="suspension-text">
          {words.reason} {words.next}
        </span>
      </Callout.Text>
      {signedIn && <BalanceLine />}
      <div className="sb-banner-actions" style={{ display: "flex", flexWrap: "wrap", gap: 8, marginTop: 4 }}>
        <SuspensionAction s={s} />
        {signedIn && (
          <Button variant="soft" color="gray" onClick={() => logout.mutate()} disabled={logout.isPending}>
            Log out
          </Button>
        )}
      </div>
    </Callout.Root>
  );
}
