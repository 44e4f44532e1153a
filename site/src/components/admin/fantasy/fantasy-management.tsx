/**
 * Admin "Fantasy Sports Management": a sport filter (All Sports or one sport), four
 * summary cards (total sports, active leagues, total prize pool, total entries), a loading
 * skeleton while any of the four lists loads, and the Overview, Sports, Leagues, Contests and
 * Players tabs with the Create Sport / League / Contest and Add Player dialogs.
 *
 * Who may act comes from the console's signed-in user (useRole), like every other section, so no
 * mount point can forget to pass it: an admin gets the Create Sport / League / Contest, Add Player
 * and contest actions; a trader sees the same figures read only, with a note saying why (the
 * create, settle and cancel calls are admin only on the server too).
 */
import { Callout, Card, Flex, Heading, Select, Skeleton, Tabs, Text } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { formatMoney } from "../../../lib/format.ts";
import { fantasyQueries } from "../../../lib/queries-fantasy.ts";
import { useRole } from "../console-context.tsx";
import { formatCount } from "../../fantasy/fantasy-format.ts";
import { ContestsTab } from "./contests-tab.tsx";
import { LeaguesTab } from "./leagues-tab.tsx";
import { OverviewTab } from "./overview-tab.tsx";
import { PlayersTab } from "./players-tab.tsx";
import { SportsTab } from "./sports-tab.tsx";
import { ACTIVE_CONTEST, type FantasyData } from "./fantasy-data.ts";
import "./fantasy-admin.css";

const ALL_SPORTS = "all";
type FantasyTab = "overview" | "sports" | "leagues" | "contests" | "players";

export function FantasyManagement() {
  const { isAdmin: canManage } = useRole();
  const [sportFilter, setSportFilter] = useState<string>(ALL_SPORTS);
  const [tab, setTab] = useState<FantasyTab>("overview");
  const sports = useQuery(fantasyQueries.fantasySports());
  const leagues = useQuery(fantasyQueries.fantasyLeagues());
  const contests = useQuery(fantasyQueries.fantasyContests({}, 30_000));
  const players = useQuery(fantasyQueries.fantasyPlayers());

  const lists = [sports, leagues, contests, players];
  const loading = lists.some((q) => q.isPending);
  const failed = lists.find((q) => q.isError);
  const bySport = <T extends { sportId: string }>(rows: T[] | undefined) =>
    (rows ?? []).filter((r) => sportFilter === ALL_SPORTS || r.sportId === sportFilter);

  const data: FantasyData = {
    allSports: sports.data ?? [],
    sports: (sports.data ?? []).filter((s) => sportFilter === ALL_SPORTS || s.id === sportFilter),
    leagues: bySport(leagues.data),
    contests: bySport(contests.data),
    players: bySport(players.data),
    sportId: sportFilter === ALL_SPORTS ? "" : sportFilter,
    canManage,
  };

  return (
    <section className="adm-section adm-fx" aria-labelledby="adm-section-title" data-testid="section-fantasy">
      <header className="adm-section__head adm-fx__head">
        <div>
          <Heading as="h1" size="6" id="adm-section-title">
            Fantasy Sports Management
          </Heading>
          <Text as="p" size="2" color="gray">
            Fantasy Management
          </Text>
        </div>
        <Select.Root value={sportFilter} onValueChange={setSportFilter}>
          <Select.Trigger aria-label="Sport filter" className="adm-fx__filter" data-testid="fantasy-sport-filter" />
          <Select.Content position="popper">
            <Select.Item value={ALL_SPORTS}>All Sports</Select.Item>
            {(sports.data ?? []).map((s) => (
              <Select.Item key={s.id} value={s.id}>
                {s.name}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
      </header>

      {failed?.error && (
        <Callout.Root color="red" mb="3" data-testid="fantasy-error">
          <Callout.Text>Could not load fantasy data: {failed.error.message}</Callout.Text>
        </Callout.Root>
      )}

      {!canManage && (
        <Callout.Root color="gray" variant="surface" mb="3" data-testid="fantasy-read-only">
          <Callout.Text>
            Creating and changing fantasy sports, leagues, contests and players is for administrators. You can view them here.
          </Callout.Text>
        </Callout.Root>
      )}

      {loading ? (
        <LoadingSkeleton />
      ) : (
        <>
          <SummaryCards data={data} />
          <Tabs.Root value={tab} onValueChange={(v) => setTab(v as FantasyTab)} mt="4">
            <Tabs.List className="adm-fx__tabs" aria-label="Fantasy management">
              <Tabs.Trigger value="overview" data-testid="fantasy-tab-overview">Overview</Tabs.Trigger>
              <Tabs.Trigger value="sports" data-testid="fantasy-tab-sports">Sports</Tabs.Trigger>
              <Tabs.Trigger value="leagues" data-testid="fantasy-tab-leagues">Leagues</Tabs.Trigger>
              <Tabs.Trigger value="contests" data-testid="fantasy-tab-contests">Contests</Tabs.Trigger>
              <Tabs.Trigger value="players" data-testid="fantasy-tab-players">Players</Tabs.Trigger>
            </Tabs.List>
            <div className="adm-fx__panel">
              <Tabs.Content value="overview">
                <OverviewTab data={data} />
              </Tabs.Content>
              <Tabs.Content value="sports">
                <SportsTab data={data} />
              </Tabs.Content>
              <Tabs.Content value="leagues">
                <LeaguesTab data={data} />
              </Tabs.Content>
              <Tabs.Content value="contests">
                <ContestsTab data={data} />
              </Tabs.Content>
              <Tabs.Content value="players">
                <PlayersTab data={data} />
              </Tabs.Content>
            </div>
          </Tabs.Root>
        </>
      )}
    </section>
  );
}

function SummaryCards({ data }: { data: FantasyData }) {
  const activeLeagues = data.leagues.filter((l) => l.status === "active").length;
  // Cancelled contests were refunded: their pools and entries no longer count.
  const counted = data.contests.filter((c) => c.status !== "cancelled");
  const prizePool = counted.reduce((sum, c) => sum + c.prizePool, 0);
  const entries = counted.reduce((sum, c) => sum + c.currentEntries, 0);
  const cards = [
    { key: "total-sports", label: "Total Sports", value: formatCount(data.sports.length), sub: `${data.sports.filter((s) => s.status === "active").length} active` },
    { key: "active-leagues", label: "Active Leagues", value: formatCount(activeLeagues), sub: `${formatCount(data.leagues.length)} leagues in all` },
    { key: "total-prize-pool", label: "Total Prize Pool", value: formatMoney(prizePool), sub: `across ${formatCount(counted.length)} contests` },
    { key: "total-entries", label: "Total Entries", value: formatCount(entries), sub: `${formatCount(data.contests.filter((c) => ACTIVE_CONTEST.has(c.status)).length)} active contests` },
  ];
  return (
    <div className="adm-fx__cards" data-testid="fantasy-summary">
      {cards.map((c) => (
        <Card key={c.key} size="2" data-testid={`fantasy-${c.key}`}>
          <Text as="div" size="1" color="gray" className="adm-tile__label">
            {c.label}
          </Text>
          <Text as="div" size="6" weight="bold" className="adm-fx__value" data-testid="value">
            {c.value}
          </Text>
          <Text as="div" size="1" color="gray">
            {c.sub}
          </Text>
        </Card>
      ))}
    </div>
  );
}

function LoadingSkeleton() {
  return (
    <div data-testid="fantasy-loading" aria-busy="true" aria-label="Loading fantasy data">
      <div className="adm-fx__cards">
        {[0, 1, 2, 3].map((i) => (
          <Card key={i} size="2">
            <Skeleton height="12px" width="60%" mb="2" />
            <Skeleton height="28px" width="50%" mb="2" />
            <Skeleton height="10px" width="70%" />
          </Card>
        ))}
      </div>
      <Flex direction="column" gap="2" mt="4">
        <Skeleton height="36px" width="100%" />
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} height="40px" width="100%" />
        ))}
      </Flex>
    </div>
  );
}
