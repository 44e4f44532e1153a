/** Recent activity: the latest real bets on the site, anonymised (GET /api/betting/activity). */
import { Card, Heading, Text } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import type { ActivityItem } from "../../../../api/schemas/account.ts";
import { formatMoney, formatTime } from "../../lib/format.ts";
import { bettingQueries } from "../../lib/queries-betting.ts";
import { usePrice } from "../odds-format.tsx";

function what(a: ActivityItem): string {
  if (a.betType === "same_game_multi") return `a ${a.legs}-leg Same Game Multi on ${a.eventName}`;
  if (a.betType === "multiple") return `a ${a.legs}-leg multiple`;
  return `${a.selectionName} (${a.eventName})`;
}

export function RecentActivity() {
  const { data, status } = useQuery(bettingQueries.activity(10));
  const price = usePrice();
  const items = data?.items ?? [];
  return (
    <Card className="sb-activity" data-testid="recent-activity">
      <Heading as="h2" size="3" mb="2">
        Recent Activity
      </Heading>
      {status === "error" && (
        <Text as="p" size="2" color="red">
          Activity could not be loaded.
        </Text>
      )}
      {status === "success" && items.length === 0 && (
        <Text as="p" size="2" color="gray">
          No bets placed yet.
        </Text>
      )}
      <ol className="sb-activity__list">
        {items.map((a) => (
          <li key={a.id} className={`sb-activity__item sb-activity__item--${a.betType}`}>
            <span className="sb-activity__dot" aria-hidden="true" />
            <div>
              <Text as="div" size="2">
                {a.who} backed {what(a)} · {formatMoney(a.stake)} @ <span data-odds="">{price(a.totalOdds)}</span>
              </Text>
              <Text as="div" size="1" color="gray">
                {formatTime(a.placedAt)}
              </Text>
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}
