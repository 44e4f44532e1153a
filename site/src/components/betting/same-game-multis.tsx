/**
 * Popular same game multis (GET /api/betting/same-game-multis): combinations of real markets of one
 * game, with their price and how many punters have backed them. 'Add to Bet Slip @ odds' puts the
 * legs on the slip as a same game multi.
 */
import { Badge, Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import type { SameGameMulti } from "../../../../api/schemas/bets.ts";
import { oddsToMilli } from "../../lib/format.ts";
import { bettingQueries } from "../../lib/queries-betting.ts";
import { usePrice } from "../odds-format.tsx";
import { openBetSlip } from "./betting-header.tsx";
import { ButtonPlaceholder, LinePlaceholder, LoadingText } from "../placeholders.tsx";
import { useSlip } from "./slip-state.tsx";
import { SGM_PRICING_SENTENCE } from "../../../../domain/pricing/sgm-margin.ts";

function SgmCard({ sgm }: { sgm: SameGameMulti }) {
  const { replaceWithSgm } = useSlip();
  const price = usePrice();
  const add = () => {
    replaceWithSgm(
      sgm.legs.map((l) => ({
        id: l.outcomeId,
        eventId: sgm.eventId,
        eventName: sgm.eventName,
        marketId: l.marketId,
        marketName: l.marketName,
        outcomeId: l.outcomeId,
        selectionName: l.selectionName,
        oddsMilli: oddsToMilli(l.odds),
      })),
    );
    openBetSlip();
  };
  return (
    <li className="sb-sgm" data-testid={`sgm-${sgm.eventId}`}>
      <Flex justify="between" align="start" gap="2" mb="2">
        <Text size="2" weight="bold" className="sb-sgm__event">
          {sgm.eventName}
        </Text>
        <Badge color="orange" variant="soft" className="sb-nowrap">
          {sgm.legs.length} legs
        </Badge>
      </Flex>
      <ul className="sb-sgm__legs">
        {sgm.legs.map((l) => (
          <li key={l.outcomeId}>
            <Text size="2">{l.selectionName}</Text>{" "}
            <Text size="1" color="gray">
              {l.marketName} · <span data-odds="">{price(l.odds)}</span>
            </Text>
          </li>
        ))}
      </ul>
      <Flex justify="between" align="center" gap="2" mt="2" wrap="wrap">
        <Text size="1" color="gray">
          {sgm.punters === 0 ? "Be the first to back it" : `${sgm.punters} punter${sgm.punters === 1 ? "" : "s"}`}
        </Text>
        <Button size="2" onClick={add} data-testid="add-sgm">
          Add to Bet Slip @ <span data-odds="">{price(sgm.odds)}</span>
        </Button>
      </Flex>
    </li>
  );
}

/** How many combinations the section asks for (and holds room for while they load). */
const SGM_COUNT = 4;

/**
 * A card's room while the combinations load, as a typical card is laid out: the game on two lines,
 * three legs, two of them on two lines (a leg's line is 24 px: the list's line height), then the punters
 * and the "Add to Bet Slip @ odds" button (which wraps below the punters on a phone, as it does).
 */
function SgmCardPlaceholder() {
  return (
    <li className="sb-sgm" aria-hidden="true">
      <Flex justify="between" align="start" gap="2" mb="2">
        <div className="sb-sgm__event sb-ph-grow">
          <LinePlaceholder size="2" width="90%" />
          <LinePlaceholder size="2" width="50%" />
        </div>
        <LinePlaceholder size="1" width="44px" />
      </Flex>
      <ul className="sb-sgm__legs">
        {[true, true, false].map((twoLines, i) => (
          <li key={i} className="sb-sgm__leg-ph">
            <LinePlaceholder size="3" width="85%" />
            {twoLines && <LinePlaceholder size="3" width="40%" />}
          </li>
        ))}
      </ul>
      <Flex justify="between" align="center" gap="2" mt="2" wrap="wrap">
        <LinePlaceholder size="1" width="64px" />
        <ButtonPlaceholder size="2" width="185px" />
      </Flex>
    </li>
  );
}

export function SameGameMultis() {
  const { data, status } = useQuery(bettingQueries.sameGameMultis(SGM_COUNT));
  const items = data?.items ?? [];
  if (status === "success" && items.length === 0) return null;
  return (
    <Card className="sb-sgms" data-testid="same-game-multis">
      <Heading as="h2" size="4" mb="1">
        Popular Same Game Multis
      </Heading>
      <Text as="p" size="1" color="gray" mb="3">
        {SGM_PRICING_SENTENCE}
      </Text>
      {status === "pending" && <LoadingText>Loading...</LoadingText>}
      {status === "error" && (
        <Text as="p" size="2" color="red">
          Same game multis could not be loaded.
        </Text>
      )}
      <ul className="sb-sgm__list">
        {status === "pending"
          ? Array.from({ length: SGM_COUNT }, (_, i) => <SgmCardPlaceholder key={i} />)
          : items.map((s) => <SgmCard key={`${s.eventId}-${s.legs.map((l) => l.outcomeId).join("-")}`} sgm={s} />)}
      </ul>
    </Card>
  );
}
