/** Overview: the 5 most recent leagues and up to 5 active contests (entries/max and prize pool). */
import { Card, Flex, Heading, Text } from "@radix-ui/themes";
import { formatMoney } from "../../../lib/format.ts";
import { formatCount } from "../../fantasy/fantasy-format.ts";
import { ACTIVE_CONTEST, type FantasyData } from "./fantasy-data.ts";
import { FantasyStatusBadge } from "./status-badges.tsx";

const ROWS = 5;

export function OverviewTab({ data }: { data: FantasyData }) {
  const leagues = [...data.leagues].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt)).slice(0, ROWS);
  const contests = data.contests
    .filter((c) => ACTIVE_CONTEST.has(c.status))
    .sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime))
    .slice(0, ROWS);
  return (
    <div className="adm-fx__overview">
      <Card size="2" data-testid="overview-leagues">
        <Heading as="h2" size="3" mb="2">
          Recent Leagues
        </Heading>
        {leagues.length === 0 ? (
          <Text size="2" color="gray">
            No leagues yet.
          </Text>
        ) : (
          <ul className="adm-fx__list">
            {leagues.map((l) => (
              <li key={l.id}>
                <div className="adm-fx__min0">
                  <Text as="div" size="2" weight="medium" className="adm-ellipsis">
                    {l.name}
                  </Text>
                  <Text as="div" size="1" color="gray">
                    {l.sportName} · {l.maxTeams} teams
                  </Text>
                </div>
                <FantasyStatusBadge status={l.status} />
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card size="2" data-testid="overview-contests">
        <Heading as="h2" size="3" mb="2">
          Active Contests
        </Heading>
        {contests.length === 0 ? (
          <Text size="2" color="gray">
            No active contests.
          </Text>
        ) : (
          <ul className="adm-fx__list">
            {contests.map((c) => (
              <li key={c.id}>
                <div className="adm-fx__min0">
                  <Text as="div" size="2" weight="medium" className="adm-ellipsis">
                    {c.name}
                  </Text>
                  <Text as="div" size="1" color="gray">
                    {c.sportName} · {formatCount(c.currentEntries)}/{formatCount(c.maxEntries)} entries
                  </Text>
                </div>
                <Flex direction="column" align="end" gap="1">
                  <Text size="2" weight="bold" className="adm-num">
                    {formatMoney(c.prizePool)}
                  </Text>
                  <FantasyStatusBadge status={c.status} />
                </Flex>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
