/**
 * Top bar: brand, who is signed in (with a Demo badge), balance, Bet Slip (n) and Logout / Log in.
 * It is as tall signed in as signed out (betting.css: --sb-header-h), and its right-hand group is
 * packed from the right, so nothing below or beside it moves when the session and balance arrive.
 */
import { Badge, Button, Flex, Text } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { customerQueries } from "../../lib/queries-customer.ts";
import { formatMoney } from "../../lib/format.ts";
import { holdsBonus } from "../../lib/bonus.ts";
import { signInHref } from "../../lib/next-path.ts";
import { useSlip } from "./slip-state.tsx";
import { OPEN_SLIP_EVENT, SHEET_QUERY } from "./slip-sheet.tsx";
import { useCurrentUser, useLogout } from "./session.tsx";
import { useSuspension } from "../session/suspension.tsx";

export function openBetSlip() {
  // Phones and tablets: the slip is a bottom sheet (slip-sheet.tsx), opened rather than scrolled to.
  if (window.matchMedia(SHEET_QUERY).matches) {
    window.dispatchEvent(new Event(OPEN_SLIP_EVENT));
    return;
  }
  const el = document.getElementById("bet-slip");
  if (!el) return;
  el.scrollIntoView({ behavior: "smooth", block: "start" });
  el.focus({ preventScroll: true });
}

export function BettingHeader() {
  const { data: user, isPending: userPending } = useCurrentUser();
  const balance = useQuery({ ...customerQueries.balance(), enabled: !!user });
  const bonus = useQuery({ ...customerQueries.bonus(), enabled: user?.role === "customer" });
  const bonusHeld = holdsBonus(bonus.data) && bonus.data.bonus > 0 ? bonus.data.bonus : null;
  const { state } = useSlip();
  const suspended = useSuspension() !== null;
  const { logout, pending } = useLogout();
  const count = state.slip.selections.length;

  return (
    <header className="sb-header">
      <a href="/" className="sb-brand" aria-label="BetPro home">
        <svg className="sb-brand__logo" width="30" height="30" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
          <rect width="32" height="32" rx="8" fill="#16a34a" />
          <path d="M9 8h9a5 5 0 0 1 1.9 9.6A5 5 0 0 1 18 27H9z" fill="#fff" />
          <path d="M13 12v4h4.5a2 2 0 0 0 0-4zM13 19v4h5a2 2 0 0 0 0-4z" fill="#16a34a" />
        </svg>
        <span className="sb-brand__name">
          Bet<span>Pro</span>
        </span>
      </a>

      <Flex align="center" gap={{ initial: "2", sm: "3" }} className="sb-header__right">
        {user && (
          <Flex align="center" gap="2" className="sb-header__user">
            <Text size="2" weight="medium" className="sb-hide-xs" data-testid="user-name">
              {user.firstName} {user.lastName}
            </Text>
            {user.isDemoUser && (
              <Badge color="amber" variant="soft" data-testid="demo-badge">
                Demo
              </Badge>
            )}
          </Flex>
        )}
        {user && (
          <div className="sb-balance">
            <Text size="1" color="gray" className="sb-balance__label">
              Balance
            </Text>
            {bonusHeld === null ? (
              <Text size="2" weight="bold" data-testid="balance">
                {balance.data ? formatMoney(balance.data.balance) : balance.isError ? "—" : "…"}
              </Text>
            ) : (
              // A bonus is held: "Cash $X · Bonus $Y" (bonus funds are not cash: docs/money.md "Bonus funds").
              <Text size="2" weight="bold" data-testid="balance-split">
                Cash <span data-testid="balance">{balance.data ? formatMoney(balance.data.balance) : "…"}</span> · Bonus{" "}
                <span data-testid="bonus-balance">{formatMoney(bonusHeld)}</span>
              </Text>
            )}
          </div>
        )}
        <Button variant="soft" size={{ initial: "1", xs: "2" }} onClick={openBetSlip} data-testid="open-bet-slip" aria-controls="bet-slip">
          Bet Slip ({count})
        </Button>
        {/* A slot as wide as either button, so Bet Slip stays put while the session is looked up. */}
        <div className="sb-header__auth">
          {user ? (
            <Button variant="outline" color="gray" size={{ initial: "1", xs: "2" }} onClick={logout} disabled={pending} data-testid="logout">
              Logout
            </Button>
          ) : (
            !userPending && !suspended && (
              <Button asChild variant="solid" size={{ initial: "1", xs: "2" }}>
                <a href={signInHref("/betting")} data-testid="login">
                  Log in
                </a>
              </Button>
            )
          )}
        </div>
      </Flex>
    </header>
  );
}
