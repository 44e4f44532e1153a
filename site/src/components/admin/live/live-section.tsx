/**
 * Live Betting ("Live In-Play"): cards for the real live events (GET
 * /api/admin/live, polled every 3 s like live odds) with sport, minute, score, prices, stakes taken
 * and 'High Activity'. A card opens its detail: Markets (every market of the event with prices,
 * suspend / reopen, and returns at the quick stakes), Live Stats (the feed's figures and the
 * book on the event), Stream and Cash Out (the open bets on the event that could be cashed out).
 */
import { Badge, Button, Flex, Grid, SegmentedControl, Text } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import type { AdminLiveMatch } from "../../../../../api/schemas/back-office.ts";
import type { LiveOddsItem } from "../../../../../api/schemas/events.ts";
import { customerQueries } from "../../../lib/queries-customer.ts";
import { adminQueries } from "../../../lib/queries-admin.ts";
import { useRole } from "../console-context.tsx";
import { compactMoney, EmptyState, ErrorNote, RowsSkeleton, SectionFrame } from "../ui.tsx";
import { LiveDetail } from "./live-detail.tsx";

/** Traders may not read GET /api/admin/live (administrators only): they get the public live odds. */
function fromLiveOdds(items: LiveOddsItem[]): AdminLiveMatch[] {
  return items
    .filter((i) => i.status === "live")
    .map((i) => ({
      id: i.id, sport: i.sport, sportName: i.sportName, league: i.league, homeTeam: i.homeTeam, awayTeam: i.awayTeam,
      homeScore: i.homeScore, awayScore: i.awayScore, minute: i.minute,
      status: i.minute !== null ? `Live ${i.minute}'` : "Live", isLive: true, marketId: i.marketId, marketStatus: i.marketStatus,
      homeOdds: i.odds.home, drawOdds: i.odds.draw, awayOdds: i.odds.away, outcomes: i.outcomes, totalVolume: i.volume,
      betCount: 0, highActivity: false, lastUpdate: i.lastUpdate,
    }));
}

export default function LiveSection() {
  const { isAdmin } = useRole();
  const adminLive = useQuery({ ...adminQueries.adminLive(), enabled: isAdmin });
  const liveOdds = useQuery({ ...customerQueries.liveOdds(), enabled: !isAdmin });
  const live = isAdmin ? adminLive : { ...liveOdds, data: liveOdds.data ? fromLiveOdds(liveOdds.data) : undefined };
  const [sport, setSport] = useState("all");
  const [withBets, setWithBets] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const all = live.data ?? [];
  const sports = useMemo(() => [...new Map(all.map((m) => [m.sport, m.sportName])).entries()], [all]);
  const shown = all.filter((m) => (sport === "all" || m.sport === sport) && (!withBets || m.betCount > 0));
  const selected = all.find((m) => m.id === selectedId) ?? null;

  return (
    <SectionFrame
      id="live"
      title="Live Betting"
      description="Live In-Play Management"
      actions={
        <>
          <Button variant={sport === "all" && !withBets ? "solid" : "soft"} onClick={() => { setSport("all"); setWithBets(false); }}>
            All Sports
          </Button>
          <Button variant={withBets ? "solid" : "soft"} onClick={() => setWithBets((w) => !w)} aria-pressed={withBets} title="Live events with bets on them">
            My Live Bets
          </Button>
        </>
      }
    >
      {sports.length > 1 && (
        <Flex mb="3" className="adm-scroll-x">
          <SegmentedControl.Root value={sport} onValueChange={setSport} aria-label="Sport">
            <SegmentedControl.Item value="all">All</SegmentedControl.Item>
            {sports.map(([code, name]) => (
              <SegmentedControl.Item key={code} value={code}>
                {name}
              </SegmentedControl.Item>
            ))}
          </SegmentedControl.Root>
        </Flex>
      )}
      <ErrorNote what="live events" error={live.error} />
      {live.isPending ? (
        <RowsSkeleton rows={3} height="120px" />
      ) : shown.length === 0 ? (
        <EmptyState title="No live events available" />
      ) : (
        <Grid columns={{ initial: "1", sm: "2", lg: "3" }} gap="3" data-testid="live-cards">
          {shown.map((m) => (
            <button
              key={m.id}
              type="button"
              className={`adm-live-card ${selectedId === m.id ? "is-selected" : ""}`}
              onClick={() => setSelectedId(selectedId === m.id ? null : m.id)}
              aria-pressed={selectedId === m.id}
              data-testid={`live-${m.id}`}
            >
              <Flex justify="between" align="center" mb="2">
                <Text size="1" color="gray">
                  {m.sportName} · {m.league}
                </Text>
                <Badge color="red" variant="solid">
                  {m.status}
                </Badge>
              </Flex>
              <Flex justify="between" align="center" gap="2">
                <Text size="2" weight="medium" className="adm-ellipsis-wide">
                  {m.homeTeam}
                </Text>
                <Text size="4" weight="bold" className="adm-num">
                  {m.homeScore ?? 0}
                </Text>
              </Flex>
              <Flex justify="between" align="center" gap="2">
                <Text size="2" weight="medium" className="adm-ellipsis-wide">
                  {m.awayTeam}
                </Text>
                <Text size="4" weight="bold" className="adm-num">
                  {m.awayScore ?? 0}
                </Text>
              </Flex>
              <Grid columns={m.drawOdds ? "3" : "2"} gap="2" mt="2">
                <Price label="Home" odds={m.homeOdds} />
                {m.drawOdds && <Price label="Draw" odds={m.drawOdds} />}
                <Price label="Away" odds={m.awayOdds} />
              </Grid>
              <Flex justify="between" mt="2" align="center">
                <Text size="1" color="gray">
                  Volume {compactMoney(m.totalVolume)}
                  {isAdmin ? ` · ${m.betCount} bets` : ""}
                </Text>
                {m.highActivity && <Badge color="orange">High Activity</Badge>}
                {m.marketStatus === "suspended" && <Badge color="amber">Suspended</Badge>}
              </Flex>
            </button>
          ))}
        </Grid>
      )}
      {selected && <LiveDetail match={selected} onClose={() => setSelectedId(null)} />}
    </SectionFrame>
  );
}

function Price({ label, odds }: { label: string; odds: string | null }) {
  return (
    <span className="adm-price">
      <Text as="span" size="1" color="gray">
        {label}
      </Text>
      <Text as="span" size="2" weight="bold" className="adm-num">
        {odds ?? "—"}
      </Text>
    </span>
  );
}
