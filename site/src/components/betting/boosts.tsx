/** Recent boosts (GET /api/betting/boosts): the largest recent price rises on open markets. */
import { Card, Heading, Text } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { bettingQueries } from "../../lib/queries-betting.ts";
import { usePrice } from "../odds-format.tsx";
import { LinePlaceholder, LoadingText, PricePlaceholder } from "../placeholders.tsx";
import { PriceButton } from "./price-button.tsx";

/** How many boosts the card asks for (and holds room for while they load). */
const BOOSTS = 5;

/** A boost's room while loading: selection, market and old price lines, and the price. */
function BoostPlaceholder() {
  return (
    <li className="sb-panel-row sb-boost" aria-hidden="true">
      <div className="sb-boost__text">
        <LinePlaceholder size="2" width="60%" />
        <LinePlaceholder size="1" width="85%" />
        <LinePlaceholder size="1" width="30%" />
      </div>
      <PricePlaceholder />
    </li>
  );
}

export function RecentBoosts() {
  const { data, status } = useQuery(bettingQueries.boosts(BOOSTS));
  const price = usePrice();
  const boosts = data?.boosts ?? [];
  return (
    <Card className="sb-boosts" data-testid="recent-boosts">
      <Heading as="h2" size="3" mb="2">
        Recent Boosts
      </Heading>
      {status === "error" && (
        <Text as="p" size="2" color="red">
          Boosts could not be loaded.
        </Text>
      )}
      {status === "success" && boosts.length === 0 && <p className="sb-empty sb-empty--small">No boosts right now</p>}
      {status === "pending" && <LoadingText>Loading boosts...</LoadingText>}
      <ul className="sb-panel-list">
        {status === "pending" && Array.from({ length: BOOSTS }, (_, i) => <BoostPlaceholder key={i} />)}
        {boosts.map((b) => (
          <li key={b.outcomeId} className="sb-panel-row sb-boost" data-testid={`boost-${b.outcomeId}`}>
            <div className="sb-boost__text">
              <Text as="div" size="2" weight="bold" className="sb-ellipsis">
                {b.selectionName}
              </Text>
              <Text as="div" size="1" color="gray" className="sb-ellipsis">
                {b.marketName} · {b.eventName}
              </Text>
              <Text as="div" size="1" color="gray">
                was <s data-odds="">{price(b.oldOdds)}</s>
              </Text>
            </div>
            <PriceButton
              label="Now"
              target={{
                eventId: b.eventId,
                eventName: b.eventName,
                marketId: b.marketId,
                marketName: b.marketName,
                outcomeId: b.outcomeId,
                selectionName: b.selectionName,
                odds: b.newOdds,
              }}
            />
          </li>
        ))}
      </ul>
    </Card>
  );
}
