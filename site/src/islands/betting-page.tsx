/**
 * /betting: the customer sportsbook. Sidebar (navigation, quick links, trending), sport tabs over
 * the open events grouped by league, live odds panel, bet slip and the customer's bets.
 */
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { IslandShell } from "../components/island-shell.tsx";
import { BetSlip } from "../components/betting/bet-slip.tsx";
import { BettingHeader } from "../components/betting/betting-header.tsx";
import { EventsBoard, type SportTab } from "../components/betting/events-board.tsx";
import { LiveOddsPanel } from "../components/betting/live-odds-panel.tsx";
import { LiveSlipSync, useLiveIndex } from "../components/betting/live-prices.tsx";
import { MyBets } from "../components/betting/my-bets.tsx";
import { useCurrentUser } from "../components/betting/session.tsx";
import { Sidebar } from "../components/betting/sidebar.tsx";
import { SlipProvider } from "../components/betting/slip-state.tsx";
import { queries } from "../lib/queries.ts";
import "../components/betting/betting.css";

/** Open events (live first, then upcoming by start time); refreshed so new live events appear. */
const EVENTS_REFRESH_MS = 30_000;

function BettingScreen() {
  const [tab, setTab] = useState<SportTab>("featured");
  const live = useLiveIndex();
  const { data: user } = useCurrentUser();
  const events = useQuery({ ...queries.events({ status: "open", limit: 200 }), refetchInterval: EVENTS_REFRESH_MS });
  const upcoming = useQuery(queries.events({ status: "upcoming", limit: 10 }));

  return (
    <div className="sb-page">
      <LiveSlipSync live={live} />
      <BettingHeader />
      <div className="sb-layout">
        <Sidebar events={events.data} live={live} tab={tab} onTab={setTab} />
        <main className="sb-main" id="main">
          <EventsBoard events={events.data} status={events.status} tab={tab} onTab={setTab} live={live} />
        </main>
        <div className="sb-right">
          <BetSlip />
          <LiveOddsPanel live={live} upcoming={upcoming.data} />
          <MyBets signedIn={!!user} />
        </div>
      </div>
    </div>
  );
}

export default function BettingPage() {
  return (
    <IslandShell>
      <SlipProvider>
        <BettingScreen />
      </SlipProvider>
    </IslandShell>
  );
}
