/**
 * The customer's bets (GET /api/bets): Open (pending) and Settled tabs, and the recent activity
 * feed (placed / won / lost / void) derived from the same list.
 */
import { Badge, Card, Flex, Heading, Tabs, Text } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import type { Bet } from "../../../../api/schemas/bets.ts";
import { queries } from "../../lib/queries.ts";
import { formatDateTime, formatMoney } from "../../lib/format.ts";

const STATUS_COLOR = { pending: "amber", won: "green", lost: "red", void: "gray", cashed_out: "blue" } as const;

function betTitle(bet: Bet): string {
  if (bet.legs.length === 1) return bet.legs[0].selectionName;
  return `${bet.legs.length}-leg multiple`;
}

function BetRow({ bet }: { bet: Bet }) {
  const settled = bet.status !== "pending";
  return (
    <li className="sb-bet" data-testid={`my-bet-${bet.id}`}>
      <Flex justify="between" align="start" gap="2">
        <div className="sb-bet__main">
          <Text as="div" size="2" weight="bold">
            {betTitle(bet)}{" "}
            <Text size="1" color="gray" weight="regular">
              @ {bet.totalOdds}
            </Text>
          </Text>
          <ul className="sb-bet__legs">
            {bet.legs.map((l) => (
              <li key={l.id}>
                <Text size="1" color="gray">
                  {bet.legs.length > 1 && `${l.selectionName} @ ${l.odds} · `}
                  {l.marketName} · {l.eventName}
                  {bet.legs.length > 1 && l.result !== "pending" && ` · ${l.result}`}
                </Text>
              </li>
            ))}
          </ul>
        </div>
        <Badge color={STATUS_COLOR[bet.status]} variant="soft" data-testid="bet-status">
          {bet.status.toUpperCase()}
        </Badge>
      </Flex>
      <Flex justify="between" mt="1" gap="2" wrap="wrap">
        <Text size="1" color="gray">
          Stake {formatMoney(bet.stake)} · {bet.betType === "multiple" ? "Multiple" : "Single"}
        </Text>
        {settled ? (
          <Text size="1" weight="bold" color={bet.status === "won" ? "green" : undefined}>
            Returned {formatMoney(bet.actualReturn ?? 0)}
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
    </li>
  );
}

type Activity = { key: string; at: string; kind: "placed" | "won" | "lost" | "void" | "cashed_out"; bet: Bet };

function recentActivity(bets: readonly Bet[]): Activity[] {
  const all: Activity[] = [];
  for (const bet of bets) {
    all.push({ key: `${bet.id}-placed`, at: bet.placedAt, kind: "placed", bet });
    if (bet.status !== "pending" && bet.settledAt) all.push({ key: `${bet.id}-${bet.status}`, at: bet.settledAt, kind: bet.status, bet });
  }
  return all.sort((a, b) => Date.parse(b.at) - Date.parse(a.at)).slice(0, 5);
}

const ACTIVITY_TEXT = {
  placed: (b: Bet) => `Placed ${formatMoney(b.stake)} on ${betTitle(b)}`,
  won: (b: Bet) => `Won ${formatMoney(b.actualReturn ?? 0)} on ${betTitle(b)}`,
  lost: (b: Bet) => `Lost ${formatMoney(b.stake)} on ${betTitle(b)}`,
  void: (b: Bet) => `Void: ${formatMoney(b.actualReturn ?? b.stake)} returned on ${betTitle(b)}`,
  cashed_out: (b: Bet) => `Cashed out ${formatMoney(b.actualReturn ?? 0)} on ${betTitle(b)}`,
};

export function MyBets({ signedIn }: { signedIn: boolean }) {
  const { data, status } = useQuery({ ...queries.myBets(), enabled: signedIn });
  const bets = data ?? [];
  const open = bets.filter((b) => b.status === "pending");
  const settled = bets.filter((b) => b.status !== "pending");
  const activity = recentActivity(bets);

  return (
    <>
      <Card className="sb-mybets" data-testid="my-bets">
        <Heading as="h2" size="3" mb="2">
          My Bets
        </Heading>
        {!signedIn ? (
          <Text as="p" size="2" color="gray">
            <a href="/api/login">Log in</a> to see your bets.
          </Text>
        ) : (
          <Tabs.Root defaultValue="open">
            <Tabs.List size="1">
              <Tabs.Trigger value="open" data-testid="my-bets-open">
                Open ({open.length})
              </Tabs.Trigger>
              <Tabs.Trigger value="settled" data-testid="my-bets-settled">
                Settled ({settled.length})
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="open">
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
              {status === "success" && open.length === 0 && <p className="sb-empty sb-empty--small">No Active Bets</p>}
              <ul className="sb-bets">
                {open.map((b) => (
                  <BetRow key={b.id} bet={b} />
                ))}
              </ul>
            </Tabs.Content>
            <Tabs.Content value="settled">
              {status === "success" && settled.length === 0 && (
                <p className="sb-empty sb-empty--small">No settled bets yet</p>
              )}
              <ul className="sb-bets">
                {settled.map((b) => (
                  <BetRow key={b.id} bet={b} />
                ))}
              </ul>
            </Tabs.Content>
          </Tabs.Root>
        )}
      </Card>

      {signedIn && (
        <Card className="sb-activity" data-testid="recent-activity">
          <Heading as="h2" size="3" mb="2">
            Recent Activity
          </Heading>
          {activity.length === 0 ? (
            <Text as="p" size="2" color="gray">
              {status === "success" ? "No activity yet." : "…"}
            </Text>
          ) : (
            <ol className="sb-activity__list">
              {activity.map((a) => (
                <li key={a.key} className={`sb-activity__item sb-activity__item--${a.kind}`}>
                  <span className="sb-activity__dot" aria-hidden="true" />
                  <div>
                    <Text as="div" size="2">
                      {ACTIVITY_TEXT[a.kind](a.bet)}
                    </Text>
                    <Text as="div" size="1" color="gray">
                      {formatDateTime(a.at)}
                    </Text>
                  </div>
                </li>
              ))}
            </ol>
          )}
        </Card>
      )}
    </>
  );
}
