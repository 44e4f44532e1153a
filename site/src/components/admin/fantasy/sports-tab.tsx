/** Sports: a card per sport (name, status, season, counts of leagues, contests and players) and Create Sport. */
import { Card, Flex, Heading, Text } from "@radix-ui/themes";
import { formatCount, formatSalary } from "../../fantasy/fantasy-format.ts";
import { CreateSportDialog } from "./create-sport-dialog.tsx";
import type { FantasyData } from "./fantasy-data.ts";
import { FantasyStatusBadge } from "./status-badges.tsx";

export function SportsTab({ data }: { data: FantasyData }) {
  return (
    <div>
      <div className="adm-fx__toolbar">
        <Text size="2" color="gray">
          {formatCount(data.sports.length)} {data.sports.length === 1 ? "sport" : "sports"}
        </Text>
        {data.canManage && <CreateSportDialog />}
      </div>
      {data.sports.length === 0 ? (
        <Text as="p" size="2" color="gray">
          No fantasy sports yet.
        </Text>
      ) : (
        <div className="adm-fx__sports" data-testid="sports-cards">
          {data.sports.map((s) => (
            <Card key={s.id} size="2" data-testid={`sport-card-${s.id}`}>
              <Flex justify="between" align="start" gap="2">
                <div>
                  <Heading as="h2" size="3">
                    {s.name}
                  </Heading>
                  <Text size="1" color="gray">
                    Season {s.season}
                  </Text>
                </div>
                <FantasyStatusBadge status={s.status} />
              </Flex>
              <Text as="p" size="1" color="gray" mt="2">
                Roster {s.rosterPositions.map((r) => r.slot).join(", ")} · cap {formatSalary(s.salaryCap)}
              </Text>
              <dl className="adm-fx__counts">
                <div>
                  <dt>Leagues</dt>
                  <dd data-testid="league-count">{formatCount(s.leagueCount)}</dd>
                </div>
                <div>
                  <dt>Contests</dt>
                  <dd data-testid="contest-count">{formatCount(s.contestCount)}</dd>
                </div>
                <div>
                  <dt>Players</dt>
                  <dd data-testid="player-count">{formatCount(s.playerCount)}</dd>
                </div>
              </dl>
            </Card>
          ))}
        </div>
      )}
    </div>
  );
}
