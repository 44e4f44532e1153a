/**
 * The customer's bets (GET /api/bets): Open (pending) and Settled tabs. A pending bet whose markets
 * are all open can be cashed out: 'Cash Out' asks for a quote (POST /api/bets/{id}/cash-out/quote),
 * shows its amount with a 10-second countdown, and 'Accept' settles the bet for that amount
 * (POST /api/bets/{id}/cash-out). Refusals (suspended market, expired or moved quote) are shown.
 */
import { Badge, Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { Bet, CashOutQuoteResponse, CashOutResponse } from "../../../../api/schemas/bets.ts";
import { ApiError, apiSend } from "../../lib/api.ts";
import { errorMessage } from "../../lib/form-errors.ts";
import { formatDateTime, formatMoney } from "../../lib/format.ts";
import { signInHref } from "../../lib/next-path.ts";
import { keys } from "../../lib/query-keys.ts";
import { customerQueries } from "../../lib/queries-customer.ts";
import { usePrice } from "../odds-format.tsx";
import { TabBar, tabPanelProps } from "../tab-bar.tsx";
import { useToast } from "../toast.tsx";
import { BetTerms } from "./bet-terms.tsx";

const STATUS_COLOR = { pending: "amber", won: "green", lost: "red", void: "gray", cashed_out: "cyan" } as const;
const STATUS_LABEL = { pending: "PENDING", won: "WON", lost: "LOST", void: "VOID", cashed_out: "CASHED OUT" } as const;
/** A quote is valid for 10 s on the server; the countdown starts when it arrives. */
export const QUOTE_SECONDS = 10;

function betTitle(bet: Bet): string {
  if (bet.legs.length === 1) return bet.legs[0].selectionName;
  if (bet.betType === "same_game_multi") return `${bet.legs.length}-leg Same Game Multi`;
  return `${bet.legs.length}-leg multiple`;
}

const TYPE = { single: "Single", multiple: "Multiple", same_game_multi: "Same Game Multi" } as const;

type Quote = CashOutQuoteResponse & { deadline: number };

/** Seconds left on a quote, counting down once a second while it lasts. */
function useSecondsLeft(deadline: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    setNow(Date.now());
    const t = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(t);
  }, [deadline]);
  return deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
}

function CashOut({ bet }: { bet: Bet }) {
  const client = useQueryClient();
  const toast = useToast();
  const [quote, setQuote] = useState<Quote | null>(null);
  const left = useSecondsLeft(quote?.deadline ?? null);
  const expired = quote !== null && left === 0;

  const ask = useMutation({
    mutationFn: () => apiSend<CashOutQuoteResponse>("POST", `/api/bets/${encodeURIComponent(bet.id)}/cash-out/quote`),
    onSuccess: (q) => {
      const serverLeft = Date.parse(q.expiresAt) - Date.now();
      // The countdown is the quote's 10 s from when it arrived (never longer than the server says,
      // when the clocks agree).
      const span = Number.isFinite(serverLeft) && serverLeft > 0 ? Math.min(serverLeft, QUOTE_SECONDS * 1000) : QUOTE_SECONDS * 1000;
      setQuote({ ...q, deadline: Date.now() + span });
    },
  });
  const accept = useMutation({
    mutationFn: (quoteId: string) => apiSend<CashOutResponse>("POST", `/api/bets/${encodeURIComponent(bet.id)}/cash-out`, { quoteId }),
    onSuccess: (res) => {
      setQuote(null);
      client.setQueryData(keys.balance, { balance: res.balance });
      client.setQueryData<Bet[]>(keys.myBets, (bets) => bets?.map((b) => (b.id === res.bet.id ? res.bet : b)));
      void client.invalidateQueries({ queryKey: keys.myBets });
      void client.invalidateQueries({ queryKey: keys.balance });
      toast({ title: "Cashed Out", description: `${formatMoney(res.amount)} has been added to your balance.` });
    },
    onError: (err) => {
      // A stale quote cannot be accepted again: ask for a fresh one.
      if (err instanceof ApiError && (err.code === "CASHOUT.QUOTE_EXPIRED" || err.code === "CASHOUT.QUOTE_MOVED")) setQuote(null);
      if (err instanceof ApiError && err.code === "BET.NOT_PENDING") void client.invalidateQueries({ queryKey: keys.myBets });
    },
  });
  const failure = accept.error ?? ask.error;
  const busy = ask.isPending || accept.isPending;

  if (!bet.cashOut) return null;
  if (!bet.cashOut.available && !quote) {
    return (
      <Text as="div" size="1" color="gray" mt="1" data-testid="cash-out-unavailable">
        Cash out unavailable{bet.cashOut.reason ? `: ${bet.cashOut.reason}` : ""}
      </Text>
    );
  }
  return (
    <div className="sb-cashout" data-testid="cash-out">
      {quote && !expired ? (
        <Flex align="center" justify="between" gap="2" wrap="wrap">
          <Text size="2">
            Cash out <Text weight="bold" data-testid="cash-out-amount">{formatMoney(quote.amount)}</Text>{" "}
            <Text size="1" color="gray" data-testid="cash-out-countdown" aria-live="polite">
              ({left}s)
            </Text>
          </Text>
          <Flex gap="2">
            <Button size="1" variant="soft" color="gray" onClick={() => setQuote(null)} disabled={accept.isPending}>
              Cancel
            </Button>
            <Button size="1" color="cyan" onClick={() => accept.mutate(quote.quoteId)} loading={accept.isPending} data-testid="cash-out-accept">
              Accept
            </Button>
          </Flex>
        </Flex>
      ) : (
        <Flex align="center" justify="between" gap="2" wrap="wrap">
          {expired ? (
            <Text size="1" color="amber" data-testid="cash-out-expired">
              Quote expired
            </Text>
          ) : (
            <span />
          )}
          <Button size="1" variant="soft" color="cyan" onClick={() => { accept.reset(); ask.mutate(); }} loading={ask.isPending}
            disabled={busy} data-testid="cash-out-quote">
            {expired ? "Get a new quote" : "Cash Out"}
          </Button>
        </Flex>
      )}
      {failure && !busy && (
        <Text as="div" size="1" color="red" mt="1" role="alert" data-testid="cash-out-error">
          {errorMessage(failure)}
        </Text>
      )}
    </div>
  );
}

function BetRow({ bet }: { bet: Bet }) {
  const settled = bet.status !== "pending";
  const price = usePrice();
  return (
    <li className="sb-bet" data-testid={`my-bet-${bet.id}`}>
      <Flex justify="between" align="start" gap="2">
        <div className="sb-bet__main">
          <Text as="div" size="2" weight="bold">
            {betTitle(bet)}{" "}
            <Text size="1" color="gray" weight="regular">
              @ <span data-odds="">{price(bet.totalOdds)}</span>
            </Text>
          </Text>
          <ul className="sb-bet__legs">
            {bet.legs.map((l) => (
              <li key={l.id}>
                <Text size="1" color="gray">
                  {bet.legs.length > 1 && (
                    <>
                      {l.selectionName} @ <span data-odds="">{price(l.odds)}</span> ·{" "}
                    </>
                  )}
                  {l.marketName} · {l.eventName}
                  {bet.legs.length > 1 && l.result !== "pending" && ` · ${l.result}`}
                </Text>
              </li>
            ))}
          </ul>
          <BetTerms bet={bet} />
        </div>
        <Badge color={STATUS_COLOR[bet.status] ?? "gray"} variant="soft" data-testid="bet-status">
          {STATUS_LABEL[bet.status] ?? bet.status.toUpperCase()}
        </Badge>
      </Flex>
      <Flex justify="between" mt="1" gap="2" wrap="wrap">
        <Text size="1" color="gray">
          Stake {formatMoney(bet.stake)} · {TYPE[bet.betType] ?? bet.betType}
        </Text>
        {settled ? (
          <Text size="1" weight="bold" color={bet.status === "won" || bet.status === "cashed_out" ? "green" : undefined} data-testid="bet-return">
            {bet.status === "cashed_out" ? "Cashed out" : "Returned"} {formatMoney(bet.actualReturn ?? 0)}
          </Text>
        ) : (
          <Text size="1" weight="bold">
            To return {formatMoney(bet.potentialReturn)}
          </Text>
        )}
      </Flex>
      <Text as="div" size="1" color="gray">
        {settled && bet.settledAt ? `Settled ${formatDateTime(bet.settledAt)}` : `Placed ${formatDateTime(bet.placedAt)}`}
      </Text>
      {!settled && <CashOut bet={bet} />}
    </li>
  );
}

export function MyBets({ signedIn }: { signedIn: boolean }) {
  const { data, status } = useQuery({ ...customerQueries.myBets(), enabled: signedIn });
  const bets = data ?? [];
  const open = bets.filter((b) => b.status === "pending");
  const settled = bets.filter((b) => b.status !== "pending");
  const [view, setView] = useState<"open" | "settled">("open");
  const shown = view === "open" ? open : settled;

  return (
    <Card className="sb-mybets" data-testid="my-bets">
      <Heading as="h2" size="3" mb="2">
        My Bets
      </Heading>
      {!signedIn ? (
        <Text as="p" size="2" color="gray">
          <a href={signInHref("/betting")}>Log in</a> to see your bets.
        </Text>
      ) : (
        <>
          <TabBar
            group="mybets"
            label="My bets"
            className="sb-tabbar--small"
            value={view}
            onChange={setView}
            items={[
              { value: "open", label: `Open (${open.length})`, testId: "my-bets-open" },
              { value: "settled", label: `Settled (${settled.length})`, testId: "my-bets-settled" },
            ]}
          />
          <div {...tabPanelProps("mybets", view)} className="sb-mybets__panel">
            {status === "pending" && (
              <Text as="p" size="2" color="gray">
                Loading bets...
              </Text>
            )}
            {status === "error" && (
              <Text as="p" size="2" color="red">
                Your bets could not be loaded.
              </Text>
            )}
            {status === "success" && shown.length === 0 && (
              <p className="sb-empty sb-empty--small">{view === "open" ? "No Active Bets" : "No settled bets yet"}</p>
            )}
            <ul className="sb-bets">
              {shown.map((b) => (
                <BetRow key={b.id} bet={b} />
              ))}
            </ul>
          </div>
        </>
      )}
    </Card>
  );
}
