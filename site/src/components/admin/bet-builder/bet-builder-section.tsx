/**
 * Bet Builder ("Custom Bet Management"): a real event's markets (Match Result,
 * Both Teams to Score, Total Goals, ... whatever the event offers), one selection per market,
 * a slip with total odds, the odds boost notice, stake with quick stakes and potential win, and two
 * preset combinations built from the event's real prices. Place Bet Builder stays disabled with
 * its reason: only customers place bets (the server answers staff with 403), and this screen is
 * for admins and traders.
 */
import { Badge, Button, Callout, Card, Flex, Heading, Select, Text, TextField } from "@radix-ui/themes";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import type { Event } from "../../../../../api/schemas/events.ts";
import type { PlaceBetBody } from "../../../../../api/schemas/bets.ts";
import { apiSend } from "../../../lib/api.ts";
import { formatDateTime, formatDollars, formatMoney, milliToOdds, oddsToMilli, parseStakeToCents } from "../../../lib/format.ts";
import { customerQueries } from "../../../lib/queries-customer.ts";
import { useToast } from "../../toast.tsx";
import { describeApiError } from "../form.tsx";
import { EmptyState, ErrorNote, RowsSkeleton, SectionFrame } from "../ui.tsx";
import { boostPercent, builderOddsMilli, choose, potentialWin, remove, type BuilderPick } from "./builder.ts";

const QUICK = [10, 25, 50, 100];

function toPick(event: Event, marketIndex: number, outcomeIndex: number): BuilderPick | null {
  const m = event.markets[marketIndex];
  const o = m?.outcomes[outcomeIndex];
  if (!m || !o) return null;
  return { marketId: m.id, marketName: m.name, outcomeId: o.id, outcomeName: o.name, odds: o.odds, oddsMilli: oddsToMilli(o.odds) };
}

export default function BetBuilderSection() {
  const events = useQuery(customerQueries.events({ status: "open", limit: 100 }));
  // Events with at least two markets can be built on; the richest first.
  const candidates = useMemo(
    () => [...(events.data ?? [])].filter((e) => e.markets.filter((m) => m.status === "open").length >= 2).sort((a, b) => b.markets.length - a.markets.length),
    [events.data],
  );
  const [eventId, setEventId] = useState("");
  useEffect(() => {
    if (!eventId && candidates[0]) setEventId(candidates[0].id);
  }, [candidates, eventId]);
  const event = candidates.find((e) => e.id === eventId) ?? null;

  return (
    <SectionFrame id="bet-builder" title="Bet Builder" description="Custom Bet Management">
      <ErrorNote what="events" error={events.error} />
      {events.isPending ? (
        <RowsSkeleton rows={3} height="80px" />
      ) : candidates.length === 0 ? (
        <EmptyState title="No events found" hint="An event needs two or more open markets to build a bet" />
      ) : (
        <>
          <Flex gap="2" align="center" mb="3" wrap="wrap">
            <Text as="label" size="2" htmlFor="bb-event">
              Match
            </Text>
            <Select.Root value={eventId} onValueChange={setEventId}>
              <Select.Trigger id="bb-event" aria-label="Match" style={{ minWidth: 280 }} />
              <Select.Content position="popper">
                {candidates.map((e) => (
                  <Select.Item key={e.id} value={e.id}>
                    {e.homeTeam} vs {e.awayTeam} · {e.sportName} · {e.markets.length} markets
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </Flex>
          {event && <Builder key={event.id} event={event} />}
        </>
      )}
    </SectionFrame>
  );
}

function Builder({ event }: { event: Event }) {
  const [picks, setPicks] = useState<BuilderPick[]>([]);
  const [stake, setStake] = useState("");
  const toast = useToast();
  const stakeCents = parseStakeToCents(stake) ?? 0;
  // The server's same game multi price (joint model), or why these picks cannot be combined.
  const quote = useQuery({ ...customerQueries.sgmQuote(picks.map((p) => ({ ...p, eventId: event.id }))), enabled: picks.length >= 2 });
  const quoteRefusal = picks.length >= 2 && quote.error ? describeApiError(quote.error) || "These selections cannot be combined" : null;
  const total = picks.length >= 2 ? (quote.data ? oddsToMilli(quote.data.odds) : 0) : builderOddsMilli(picks);
  const boost = boostPercent(picks.length);
  const win = picks.length >= 2 ? (quote.data && stakeCents > 0 ? Math.floor((stakeCents * total) / 1000) : 0) : potentialWin(picks, stakeCents);
  const openMarkets = event.markets.filter((m) => m.status === "open");

  // Keep the slip's prices current as the feed moves them.
  useEffect(() => {
    setPicks((ps) =>
      ps.flatMap((p) => {
        const o = event.markets.find((m) => m.id === p.marketId)?.outcomes.find((x) => x.id === p.outcomeId);
        return o ? [{ ...p, odds: o.odds, oddsMilli: oddsToMilli(o.odds) }] : [];
      }),
    );
  }, [event]);

  const presets = [
    { name: "Favourite and goals", picks: [toPick(event, 0, 0), toPick(event, 1, 0)] },
    { name: "Underdog special", picks: [toPick(event, 0, event.markets[0]?.outcomes.length ? event.markets[0].outcomes.length - 1 : 0), toPick(event, 1, 1), toPick(event, 2, 0)] },
  ].map((p) => ({ ...p, picks: p.picks.filter((x): x is BuilderPick => x !== null) }));

  const place = useMutation({
    // Our body shape, whose stake is integer cents (the server refuses a dollar string with selections by id).
    mutationFn: () =>
      apiSend<{ bet: { id: string; potentialReturn: number } }>("POST", "/api/bets", {
        selections: picks.map((p) => ({ eventId: event.id, marketId: p.marketId, outcomeId: p.outcomeId, odds: p.odds })),
        stake: stakeCents,
        betType: "same_game_multi",
        ...(quote.data ? { sgmOdds: quote.data.odds } : {}),
      } satisfies PlaceBetBody),
    onSuccess: (r) => {
      toast({ title: "Bet Placed Successfully!", description: `Bet ${r.bet.id} · potential return ${formatMoney(r.bet.potentialReturn)}` });
      setPicks([]);
      setStake("");
    },
    onError: (e) => toast({ title: "Bet Failed", description: describeApiError(e) || "Failed to place bet", variant: "destructive" }),
  });

  // Staff never place bets (POST /api/bets is for customers: 403 otherwise), so the button says why instead of failing.
  const supported = false;
  const reason = "Only customers place bets: build and price the combination here; a customer places it from their bet slip.";

  return (
    <div className="adm-split adm-split--slip">
      <Flex direction="column" gap="3">
        <Card size="2">
          <Heading as="h2" size="4">
            {event.homeTeam} vs {event.awayTeam}
          </Heading>
          <Text size="1" color="gray">
            {event.sportName} · {event.league} · {event.status === "live" ? "Live" : formatDateTime(event.startTime)}
          </Text>
          <Flex gap="2" mt="3" wrap="wrap">
            {presets.map((p) => (
              <Button key={p.name} size="1" variant="soft" disabled={p.picks.length < 2} onClick={() => setPicks(p.picks)}>
                Load “{p.name}”
              </Button>
            ))}
          </Flex>
        </Card>
        {openMarkets.map((m) => (
          <Card key={m.id} size="2">
            <Text as="div" size="2" weight="medium" mb="2">
              {m.name}
            </Text>
            <Flex gap="2" wrap="wrap">
              {m.outcomes.map((o) => {
                const chosen = picks.some((p) => p.outcomeId === o.id);
                return (
                  <Button
                    key={o.id}
                    variant={chosen ? "solid" : "soft"}
                    color={chosen ? "green" : "gray"}
                    aria-pressed={chosen}
                    onClick={() =>
                      setPicks((ps) =>
                        chosen
                          ? remove(ps, m.id)
                          : choose(ps, { marketId: m.id, marketName: m.name, outcomeId: o.id, outcomeName: o.name, odds: o.odds, oddsMilli: oddsToMilli(o.odds) }),
                      )
                    }
                    data-testid={`bb-${o.id}`}
                  >
                    {o.name} <strong>{o.odds}</strong>
                  </Button>
                );
              })}
            </Flex>
          </Card>
        ))}
      </Flex>
      <Card size="2" className="adm-slip" data-testid="bb-slip">
        <Heading as="h2" size="3" mb="2">
          Bet Builder Slip
        </Heading>
        {picks.length === 0 ? (
          <Text size="2" color="gray">
            Choose one selection in each market you want to combine.
          </Text>
        ) : (
          <ul className="adm-plain-list">
            {picks.map((p) => (
              <li key={p.marketId}>
                <Flex justify="between" align="center" gap="2">
                  <div>
                    <Text as="div" size="2" weight="medium">
                      {p.outcomeName} @ {p.odds}
                    </Text>
                    <Text as="div" size="1" color="gray">
                      {p.marketName}
                    </Text>
                  </div>
                  <Button size="1" variant="ghost" color="red" onClick={() => setPicks((ps) => remove(ps, p.marketId))} aria-label={`Remove ${p.outcomeName}`}>
                    Remove
                  </Button>
                </Flex>
              </li>
            ))}
          </ul>
        )}
        <Flex justify="between" mt="3">
          <Text size="2">Total odds</Text>
          <Text size="2" weight="bold" data-testid="bb-total-odds">
            {picks.length && total ? milliToOdds(total) : "—"}
          </Text>
        </Flex>
        {quoteRefusal && (
          <Callout.Root color="red" size="1" mt="2" role="alert" data-testid="bb-refusal">
            <Callout.Text>{quoteRefusal}</Callout.Text>
          </Callout.Root>
        )}
        <Callout.Root color={boost ? "green" : "gray"} size="1" mt="2">
          <Callout.Text>
            Odds boost: 3 or more selections give 10%, 5 or more give 20%.{" "}
            {boost ? <Badge color="green">+{boost}% applied</Badge> : `Add ${Math.max(0, 3 - picks.length)} more to qualify.`}
          </Callout.Text>
        </Callout.Root>
        <Text as="label" size="2" htmlFor="bb-stake" mt="3" style={{ display: "block" }}>
          Stake
        </Text>
        <TextField.Root id="bb-stake" type="number" min="1" step="0.01" value={stake} onChange={(e) => setStake(e.target.value)} mt="1">
          <TextField.Slot>$</TextField.Slot>
        </TextField.Root>
        <Flex gap="2" mt="2" wrap="wrap">
          {QUICK.map((q) => (
            <Button key={q} size="1" variant="soft" onClick={() => setStake(String(q))}>
              {formatDollars(q)}
            </Button>
          ))}
        </Flex>
        <Flex justify="between" mt="3">
          <Text size="2">Potential win</Text>
          <Text size="3" weight="bold" color="green" data-testid="bb-potential-win">
            {formatMoney(win)}
          </Text>
        </Flex>
        <Button
          mt="3"
          size="3"
          style={{ width: "100%" }}
          disabled={stakeCents <= 0 || picks.length < 2 || !supported || place.isPending}
          onClick={() => place.mutate()}
          data-testid="bb-place"
        >
          {place.isPending ? "Placing Bet..." : "Place Bet Builder"}
        </Button>
        {reason && (
          <Text as="p" size="1" color="gray" mt="2" data-testid="bb-disabled-reason">
            {reason}
          </Text>
        )}
      </Card>
    </div>
  );
}
