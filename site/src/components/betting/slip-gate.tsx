/**
 * Why Place Bet is unavailable, known before the click: a suspended account (the suspension's own
 * words and next step), a staff account, an account not yet verified, or a time-out, self-exclusion
 * or national register listing in force. The server refuses each of these anyway (the gate is never
 * the check); the slip only says so up front, with the way forward, and keeps Place Bet disabled.
 */
import { Button, Text } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { suspensionWords } from "../../../../domain/accounts/suspension.ts";
import { mayBet } from "../../../../domain/kyc/levels.ts";
import { customerQueries } from "../../lib/queries-customer.ts";
import { signInHref } from "../../lib/next-path.ts";
import { exclusionSlipText } from "../session/exclusion-banner.tsx";
import { SuspensionAction, useSuspension } from "../session/suspension.tsx";
import { useCurrentUser } from "./session.tsx";

export type GateReason = "suspended" | "staff" | "unverified" | "excluded";
export interface PlaceGate {
  reason: GateReason;
  text: string;
  action: ReactNode;
}

export const VERIFY_TO_BET = "Verify your identity to place bets: it takes a minute, and then you can deposit and bet.";

/**
 * The gate in force (null: Place Bet may be pressed), whether nobody is signed in (the slip offers
 * Log in instead), and whether the session is still being looked up.
 */
export function usePlaceGate(): { gate: PlaceGate | null; signedOut: boolean; pending: boolean } {
  const { data: user, isPending } = useCurrentUser();
  const suspension = useSuspension();
  const isCustomer = user?.role === "customer";
  // The same query as the exclusion banner's: one request for both.
  const rg = useQuery({ ...customerQueries.responsible(), enabled: isCustomer });
  if (suspension)
    return { gate: { reason: "suspended", text: suspensionWords(suspension).message, action: <SuspensionAction s={suspension} size="1" /> }, signedOut: false, pending: false };
  if (!user) return { gate: null, signedOut: !isPending, pending: isPending };
  if (!isCustomer)
    return { gate: { reason: "staff", text: "Bets are placed from a customer account: staff accounts cannot bet.", action: null }, signedOut: false, pending: false };
  if (!mayBet(user.verificationLevel))
    return {
      gate: { reason: "unverified", text: VERIFY_TO_BET, action: <a href="/account#verification" data-testid="slip-verify-link">Verify your identity</a> },
      signedOut: false,
      pending: false,
    };
  const excluded = rg.data ? exclusionSlipText(rg.data.exclusion) : null;
  if (excluded)
    return {
      gate: { reason: "excluded", text: excluded, action: <a href="/account#responsible">Responsible Gambling</a> },
      signedOut: false,
      pending: false,
    };
  return { gate: null, signedOut: false, pending: false };
}

/** The slip's foot when Place Bet is unavailable: the reason, the way forward, and a disabled Place Bet. */
export function GatedPlace({ gate }: { gate: PlaceGate }) {
  return (
    <>
      <Text as="p" size="2" color={gate.reason === "unverified" ? "amber" : "red"} mb="2" id="slip-unavailable" data-testid="slip-unavailable" data-reason={gate.reason}>
        {gate.text}
      </Text>
      {gate.action && <div className="sb-slip__gate-action">{gate.action}</div>}
      <Button size="3" className="sb-slip__place" data-testid="place-bet" disabled aria-describedby="slip-unavailable">
        Place Bet
      </Button>
    </>
  );
}

export function SignInToBet() {
  return (
    <Button asChild size="3" className="sb-slip__place">
      <a href={signInHref("/betting")} data-testid="login-to-bet">
        Log in to place a bet
      </a>
    </Button>
  );
}

/**
 * The slip's foot: the gate in force, Log in for a visitor, or Place Bet (`place`: whether it may be
 * pressed now, its words while a placement waits, and what a press does).
 */
export function SlipFoot({
  gate,
  signedOut,
  place,
}: {
  gate: PlaceGate | null;
  signedOut: boolean;
  place: { disabled: boolean; label: string; onPlace: () => void };
}) {
  if (gate) return <GatedPlace gate={gate} />;
  if (signedOut) return <SignInToBet />;
  return (
    <Button size="3" className="sb-slip__place" data-testid="place-bet" onClick={place.onPlace} disabled={place.disabled}>
      {place.label}
    </Button>
  );
}
