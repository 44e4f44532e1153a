/**
 * /betting: the customer sportsbook, both versions of the spec in one page. Left: navigation, quick
 * links and trending sports. Centre: racing next-to-go, popular same game multis, and the sport tabs
 * over the open events (followed teams first). Right: the bet slip, the live odds panel (5 live,
 * 3 upcoming), recent boosts, my bets with cash out, and recent activity. Prices arrive over the
 * live stream (3-second poll as fallback) and show in the customer's odds format. A reality check
 * appears at the customer's interval.
 */
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { LeanIslandShell } from "../components/lean-island-shell.tsx";
import { RecentActivity } from "../components/betting/activity.tsx";
import { BetSlip } from "../components/betting/bet-slip.tsx";
import { BettingHeader } from "../components/betting/betting-header.tsx";
import { RecentBoosts } from "../components/betting/boosts.tsx";
import { EventsBoard, sportTabsFor, type SportTab } from "../components/betting/events-board.tsx";
import { LiveOddsPanel } from "../components/betting/live-odds-panel.tsx";
import { LiveSlipSync, useLiveIndex } from "../components/betting/live-prices.tsx";
import { MyBets, RealityCheck } from "../components/betting/lazy-panels.tsx";
import { NextToGo } from "../components/betting/next-to-go.tsx";
import { SameGameMultis } from "../components/betting/same-game-multis.tsx";
import { useCurrentUser } from "../components/betting/session.tsx";
import { Sidebar } from "../components/betting/sidebar.tsx";
import { SlipProvider } from "../components/betting/slip-state.tsx";
import { SlipSheet, useSheetMode } from "../components/betting/slip-sheet.tsx";
import { StoredSlipSync } from "../components/betting/use-stored-slip.tsx";
import { UserOddsFormat } from "../components/odds-format.tsx";
import { ExclusionBanner } from "../components/session/exclusion-banner.tsx";
import { SuspensionBanner } from "../components/session/suspension.tsx";
import { VerifyPointer } from "../components/session/verify-pointer.tsx";
import { customerQueries } from "../lib/queries-customer.ts";
import "../components/betting/betting.css";

/** Open events (live first, then upcoming by start time); refreshed so new live events appear. */
const EVENTS_REFRESH_MS = 30_000;
const NO_TEAMS: ReadonlySet<string> = new Set();

function BettingScreen() {
  const [tab, setTab] = useState<SportTab>("featured");
  const live = useLiveIndex();
  const sheetMode = useSheetMode();
  const { data: user, isPending: userPending } = useCurrentUser();
  const isCustomer = user?.role === "customer";
  const events = useQuery({ ...customerQueries.events({ status: "open", limit: 200 }), refetchInterval: EVENTS_REFRESH_MS });
  const upcoming = useQuery(customerQueries.events({ status: "upcoming", limit: 10 }));
  const follows = useQuery({ ...customerQueries.follows(), enabled: isCustomer });
  const followed = follows.data ? new Set(follows.data.teams) : NO_TEAMS;
  // Followed teams' events come first, so the board waits for the follows (a customer's) before it
  // shows any event: the cards then never reorder under the reader.
  const boardStatus = events.status === "success" && (userPending || (isCustomer && follows.isPending)) ? "pending" : events.status;

  // /betting?tab=racing (the landing page's sport tiles, the account page's Racing link) opens that
  // tab once the events say it exists; choosing a tab keeps it in the address, so a reload or a
  // shared link shows the same sport.
  const [wanted, setWanted] = useState(() => (typeof window === "undefined" ? null : new URLSearchParams(window.location.search).get("tab")));
  useEffect(() => {
    if (!wanted || !events.data) return;
    if (sportTabsFor(events.data).some((t) => t.value === wanted)) setTab(wanted);
    setWanted(null); // once: later refreshes never take the customer's tab away
  }, [wanted, events.data]);
  const chooseTab = (t: SportTab) => {
    setTab(t);
    const url = new URL(window.location.href);
    if (t === "featured") url.searchParams.delete("tab");
    else url.searchParams.set("tab", t);
    window.history.replaceState(window.history.state, "", url);
  };

  const showRacing = () => {
    chooseTab("racing");
    document.getElementById("sports-heading")?.scrollIntoView({ behavior: "smooth", block: "start" });
  };

  return (
    <div className="sb-page">
      <LiveSlipSync live={live} />
      <StoredSlipSync />
      <BettingHeader />
      <ExclusionBanner enabled={isCustomer} />
      <SuspensionBanner />
      <VerifyPointer user={user} />
      {/* Source order main, right, sidebar: the order the columns stack in under 1200 px (the grid
          areas place them side by side on desktop). A browser that paints the page before all of it
          has arrived then only ever adds below what it has shown, never above it (layout shift). */}
      <div className="sb-layout">
        <main className="sb-main" id="main">
          <h1 className="sb-visually-hidden">Sports Betting</h1>
          <NextToGo onAllRacing={showRacing} />
          <SameGameMultis />
          <EventsBoard events={boardStatus === "pending" ? undefined : events.data} status={boardStatus} tab={tab} onTab={chooseTab} live={live} followed={followed} />
        </main>
        {/* A complementary landmark: its panels (live odds, boosts) are otherwise outside every landmark. */}
        <aside className="sb-right" aria-label="Bet slip, live odds and your bets">
          {!sheetMode && <BetSlip />}
          <LiveOddsPanel live={live} upcoming={upcoming.data} upcomingPending={upcoming.isPending} />
          <RecentBoosts />
          <MyBets signedIn={!!user} />
          <RecentActivity />
        </aside>
        <Sidebar events={events.data} live={live} tab={tab} onTab={chooseTab} />
      </div>
      {sheetMode && <SlipSheet />}
      {isCustomer && <RealityCheck user={user} />}
    </div>
  );
}

export default function BettingPage() {
  return (
    <LeanIslandShell>
      <SlipProvider>
        <UserOddsFormat>
          <BettingScreen />
        </UserOddsFormat>
      </SlipProvider>
    </LeanIslandShell>
  );
}
