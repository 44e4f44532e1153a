/**
 * The bet slip (spec sections 3-5 and 8): selections, single/multiple, stake with quick stakes,
 * total odds, potential return and profit, and placement through POST /api/bets with an
 * idempotency key. All slip maths and checks come from domain/betting/slip.ts, as on the server.
 */
import { Badge, Button, Callout, Card, Flex, Heading, IconButton, Text, TextField } from "@radix-ui/themes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, type KeyboardEvent } from "react";
import type { PlaceBetBody, PlaceBetResponse } from "../../../../api/schemas/bets.ts";
import {
  conflictingEventIds,
  potentialProfit,
  potentialReturn,
  totalOddsMilli,
  validateSlip,
} from "../../../../domain/betting/slip.ts";
import { ApiError, apiSend } from "../../lib/api.ts";
import { formatMoney, milliToOdds, oddsToMilli, parseStakeToCents } from "../../lib/format.ts";
import { useToast } from "../toast.tsx";
import { useSlip } from "./slip-state.tsx";

const QUICK_STAKES = [10, 25, 50, 100];

function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  // crypto.randomUUID needs a secure context; fall back to the same format from getRandomValues.
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const REPRICE_ON = new Set(["BET.ODDS_CHANGED", "BET.EVENT_CLOSED", "BET.MARKET_CLOSED"]);

/** details.prices of a refusal: [{ outcomeId, odds: "2.10" | null }] as outcomeId -> milli | null. */
function currentPrices(details: unknown, dropUnavailable: boolean): Map<string, number | null> | null {
  const prices = (details as { prices?: unknown } | null)?.prices;
  if (!Array.isArray(prices)) return null;
  const map = new Map<string, number | null>();
  for (const p of prices as { outcomeId?: unknown; odds?: unknown }[]) {
    if (typeof p?.outcomeId !== "string") continue;
    if (typeof p.odds === "string") map.set(p.outcomeId, oddsToMilli(p.odds));
    else if (dropUnavailable) map.set(p.outcomeId, null);
  }
  return map;
}

export function BetSlip() {
  const { state, remove, clear, setStake, reprice } = useSlip();
  const { slip, stake, changed, removedNames } = state;
  const toast = useToast();
  const queryClient = useQueryClient();
  /** The last submission and its key: an unchanged retry after a network failure reuses the key. */
  const attempt = useRef<{ body: string; key: string } | null>(null);

  const place = useMutation({
    mutationFn: ({ body, key }: { body: PlaceBetBody; key: string }) =>
      apiSend<PlaceBetResponse>("POST", "/api/bets", body, { "Idempotency-Key": key }),
  });

  const count = slip.selections.length;
  const stakeCents = parseStakeToCents(stake);
  const hasStake = stakeCents !== null && stakeCents > 0;
  const total = totalOddsMilli(slip);
  const ret = hasStake ? potentialReturn(slip, stakeCents) : 0;
  const profit = hasStake ? potentialProfit(slip, stakeCents) : 0;
  const conflicts = slip.betType === "multiple" ? conflictingEventIds(slip.selections) : [];
  const sameEventConflict = conflicts.length > 0;
  const anyChanged = slip.selections.some((s) => changed[s.id] !== undefined);

  async function submit() {
    if (place.isPending) return;
    const problem = validateSlip({ selections: slip.selections, stakeCents, betType: slip.betType });
    if (problem) {
      if (problem.code === "BET.NO_SELECTIONS") {
        toast({ title: "No Selections", description: problem.message, variant: "destructive" });
      } else if (problem.code === "BET.INVALID_STAKE" || problem.code === "BET.STAKE_TOO_LOW" || problem.code === "BET.STAKE_TOO_HIGH") {
        toast({ title: "Invalid Stake", description: problem.message, variant: "destructive" });
      } else {
        toast({ title: "Bet Failed", description: problem.message, variant: "destructive" });
      }
      return;
    }
    const body: PlaceBetBody = {
      selections: slip.selections.map((s) => ({
        eventId: s.eventId,
        marketId: s.marketId,
        outcomeId: s.outcomeId,
        odds: milliToOdds(s.oddsMilli),
      })),
      stake: stakeCents!,
      betType: slip.betType,
    };
    const json = JSON.stringify(body);
    const key = attempt.current?.body === json ? attempt.current.key : newIdempotencyKey();
    attempt.current = { body: json, key };
    try {
      const res = await place.mutateAsync({ body, key });
      attempt.current = null;
      toast({
        title: "Bet Placed Successfully!",
        description: `Bet ID: ${res.bet.id} · Potential return ${formatMoney(res.bet.potentialReturn)}`,
      });
      clear();
      queryClient.setQueryData(["/api/customer/balance"], { balance: res.balance });
      void queryClient.invalidateQueries({ queryKey: ["/api/bets"] });
      void queryClient.invalidateQueries({ queryKey: ["/api/customer/balance"] });
    } catch (err) {
      // The server answered (and did not fail itself): this attempt is over, a new press is a new bet.
      if (err instanceof ApiError && err.status < 500) attempt.current = null;
      const message = err instanceof ApiError ? err.message : "";
      toast({ title: "Bet Failed", description: message || "Failed to place bet", variant: "destructive" });
      // The refusal carries the current prices (null = no longer available): the slip takes them so
      // a second press bets at the new price. A suspended market may reopen, so keep those legs.
      if (err instanceof ApiError && REPRICE_ON.has(err.code)) {
        const prices = currentPrices(err.details, err.code !== "BET.MARKET_CLOSED");
        if (prices) reprice(prices);
      }
    }
  }

  function onStakeKey(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === "Enter") {
      e.preventDefault();
      void submit();
    }
  }

  return (
    <Card
      className="sb-slip"
      data-testid="bet-slip"
      id="bet-slip"
      tabIndex={-1}
      role="region"
      aria-labelledby="bet-slip-heading"
    >
      <Flex justify="between" align="center" mb="3">
        <Flex align="center" gap="2">
          <Heading as="h2" size="3" id="bet-slip-heading">
            Bet Slip
          </Heading>
          <Badge variant="solid" radius="full" data-testid="slip-count">
            {count}
          </Badge>
        </Flex>
        <Flex align="center" gap="2">
          {count > 0 && (
            <Badge color={slip.betType === "multiple" ? "violet" : "blue"} variant="soft" data-testid="bet-type">
              {slip.betType === "multiple" ? "Multiple" : "Single"}
            </Badge>
          )}
          {count > 0 && (
            <Button size="1" variant="ghost" color="gray" onClick={clear} disabled={place.isPending}>
              Clear
            </Button>
          )}
        </Flex>
      </Flex>

      {count === 0 && (
        <Text as="p" size="2" color="gray" className="sb-slip__empty">
          Your bet slip is empty. Tap a price to add a selection.
        </Text>
      )}

      {removedNames.length > 0 && (
        <Callout.Root color="amber" size="1" mb="2">
          <Callout.Text>
            No longer available, removed: {removedNames.join(", ")}
          </Callout.Text>
        </Callout.Root>
      )}

      {count > 0 && (
        <ul className="sb-slip__list">
          {slip.selections.map((s) => {
            const was = changed[s.id];
            const conflict = conflicts.includes(s.eventId);
            return (
              <li
                key={s.id}
                className={`sb-slip__row ${was !== undefined ? "sb-slip__row--changed" : ""} ${conflict ? "sb-slip__row--conflict" : ""}`}
                data-testid="slip-selection"
              >
                <div className="sb-slip__info">
                  <Text as="div" size="2" weight="bold">
                    {s.selectionName}
                  </Text>
                  <Text as="div" size="1" color="gray">
                    {s.marketName}
                  </Text>
                  <Text as="div" size="1" color="gray" className="sb-ellipsis">
                    {s.eventName}
                  </Text>
                  {was !== undefined && (
                    <Text as="div" size="1" className={s.oddsMilli > was ? "sb-up" : "sb-down"} data-testid="odds-changed">
                      Odds changed: {milliToOdds(was)} → {milliToOdds(s.oddsMilli)}
                    </Text>
                  )}
                </div>
                <Flex direction="column" align="end" gap="1">
                  <Text size="3" weight="bold" className="sb-slip__odds" data-testid="slip-odds">
                    {milliToOdds(s.oddsMilli)}
                  </Text>
                  <IconButton
                    size="1"
                    variant="ghost"
                    color="gray"
                    aria-label={`Remove ${s.selectionName}`}
                    onClick={() => remove(s.id)}
                    disabled={place.isPending}
                  >
                    ✕
                  </IconButton>
                </Flex>
              </li>
            );
          })}
        </ul>
      )}

      {sameEventConflict && (
        <Callout.Root color="red" size="1" mb="2" role="alert" data-testid="same-event-warning">
          <Callout.Text>A multiple may not hold two selections of the same event</Callout.Text>
        </Callout.Root>
      )}

      <div className="sb-slip__stake">
        <label htmlFor="stake-input">
          <Text size="2" weight="medium">
            Stake
          </Text>
        </label>
        <TextField.Root
          id="stake-input"
          type="number"
          min="1"
          step="0.01"
          inputMode="decimal"
          placeholder="0.00"
          value={stake}
          onChange={(e) => setStake(e.target.value)}
          onKeyDown={onStakeKey}
          data-testid="stake-input"
          size="3"
        >
          <TextField.Slot>$</TextField.Slot>
        </TextField.Root>
        <div className="sb-quick" role="group" aria-label="Quick stakes">
          {QUICK_STAKES.map((q) => (
            <Button key={q} size="1" variant={stake === String(q) ? "solid" : "soft"} color="gray" onClick={() => setStake(String(q))}>
              ${q}
            </Button>
          ))}
        </div>
      </div>

      <dl className="sb-slip__totals">
        <div>
          <dt>Total odds</dt>
          <dd data-testid="total-odds">{count > 0 ? milliToOdds(total) : "–"}</dd>
        </div>
        {hasStake && (
          <>
            <div>
              <dt>Potential return</dt>
              <dd className="sb-slip__return" data-testid="potential-return">
                {formatMoney(ret)}
              </dd>
            </div>
            <div>
              <dt>Potential profit</dt>
              <dd data-testid="potential-profit">{formatMoney(profit)}</dd>
            </div>
          </>
        )}
      </dl>

      {anyChanged && !sameEventConflict && (
        <Text as="p" size="1" color="amber" mb="2">
          Prices have moved. Placing the bet accepts the odds shown.
        </Text>
      )}

      <Button
        size="3"
        className="sb-slip__place"
        data-testid="place-bet"
        onClick={() => void submit()}
        disabled={count === 0 || !hasStake || place.isPending || sameEventConflict}
      >
        {place.isPending ? "Placing Bet..." : "Place Bet"}
      </Button>
    </Card>
  );
}
