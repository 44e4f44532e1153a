/**
 * Racing: the next races to jump (GET /api/racing/next-to-go) with each race's favourites as price
 * buttons, and a link to the RACING tab for every runner.
 */
import { Badge, Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { Race } from "../../../../api/schemas/account.ts";
import { formatTime, oddsToMilli } from "../../lib/format.ts";
import { bettingQueries } from "../../lib/queries-betting.ts";
import { LinePlaceholder, LoadingText, PricesPlaceholder } from "../placeholders.tsx";
import { PriceButton } from "./price-button.tsx";

/** How many races the section asks for (and holds room for while they load). */
export const NEXT_TO_GO_COUNT = 5;

/** "Jumps in 4m", "Jumps in 1h 5m", or "Jumping" once the start time has passed. */
export function jumpsIn(startIso: string, now: number): string {
  const mins = Math.round((Date.parse(startIso) - now) / 60_000);
  if (mins <= 0) return "Jumping";
  return mins >= 60 ? `Jumps in ${Math.floor(mins / 60)}h ${mins % 60}m` : `Jumps in ${mins}m`;
}

function useNow(everyMs: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(t);
  }, [everyMs]);
  return now;
}

function RaceCard({ race, now }: { race: Race; now: number }) {
  const favourites = [...race.runners].sort((a, b) => oddsToMilli(a.odds) - oddsToMilli(b.odds)).slice(0, 3);
  return (
    <li className="sb-race" data-testid={`race-${race.eventId}`}>
      <Flex justify="between" align="center" gap="2" mb="1">
        <Text size="2" weight="bold" className="sb-ellipsis">
          {race.meeting} · {race.race}
        </Text>
        <Badge color={Date.parse(race.startTime) - now < 5 * 60_000 ? "red" : "gray"} variant="soft" className="sb-nowrap">
          {jumpsIn(race.startTime, now)}
        </Badge>
      </Flex>
      <Text as="div" size="1" color="gray" mb="2">
        {formatTime(race.startTime)} · {race.runners.length} runners
      </Text>
      <div className="sb-prices sb-prices--3" role="group" aria-label={`${race.meeting} ${race.race} favourites`}>
        {favourites.map((r) => (
          <PriceButton
            key={r.outcomeId}
            status={race.marketStatus}
            target={{
              eventId: race.eventId,
              eventName: `${race.meeting} ${race.race}`,
              marketId: race.marketId,
              marketName: race.marketName,
              outcomeId: r.outcomeId,
              selectionName: r.name,
              odds: r.odds,
            }}
          />
        ))}
      </div>
    </li>
  );
}

/** A race card's room while the races load: title and countdown line, time line, three prices. */
function RaceCardPlaceholder() {
  return (
    <li className="sb-race" aria-hidden="true">
      <Flex justify="between" align="center" gap="2" mb="1">
        <LinePlaceholder size="2" width="55%" />
        <LinePlaceholder size="1" width="30%" />
      </Flex>
      <LinePlaceholder size="1" width="40%" mb="2" />
      <PricesPlaceholder n={3} />
    </li>
  );
}

export function NextToGo({ onAllRacing }: { onAllRacing: () => void }) {
  const { data, status } = useQuery(bettingQueries.nextToGo(NEXT_TO_GO_COUNT));
  const now = useNow(30_000);
  const races = data?.races ?? [];
  return (
    <Card className="sb-ntg" data-testid="next-to-go">
      <Flex justify="between" align="center" mb="3" gap="2" wrap="wrap">
        <div>
          <Heading as="h2" size="4">
            Racing · Next to Go
          </Heading>
          <Text as="p" size="1" color="gray">
            Thoroughbreds, harness and greyhounds, priced live.
          </Text>
        </div>
        <Button variant="soft" size="2" onClick={onAllRacing}>
          All racing
        </Button>
      </Flex>
      {status === "pending" && <LoadingText>Loading races...</LoadingText>}
      {status === "error" && (
        <Text as="p" size="2" color="red">
          Races could not be loaded.
        </Text>
      )}
      {status === "success" && races.length === 0 && <p className="sb-empty sb-empty--small">No events found</p>}
      <ul className="sb-ntg__list">
        {status === "pending"
          ? Array.from({ length: NEXT_TO_GO_COUNT }, (_, i) => <RaceCardPlaceholder key={i} />)
          : races.map((r) => <RaceCard key={r.eventId} race={r} now={now} />)}
      </ul>
    </Card>
  );
}
