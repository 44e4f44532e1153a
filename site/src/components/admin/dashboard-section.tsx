/** The dashboard: figures on the left, events and bets in the centre, liquidity and health on the right. */
import { Heading, Text } from "@radix-ui/themes";
import { BetsTable } from "./bets-table.tsx";
import { EventsTable } from "./events-table.tsx";
import { LiquidityCard } from "./liquidity-card.tsx";
import { SettlementCard, StatTiles } from "./stat-tiles.tsx";
import { SystemHealthCard } from "./system-health-card.tsx";

export function DashboardSection() {
  return (
    <section className="adm-section" aria-labelledby="adm-section-title" data-testid="section-dashboard">
      <header className="adm-section__head">
        <Heading as="h1" size="6" id="adm-section-title">
          Dashboard
        </Heading>
        <Text as="p" size="2" color="gray">
          Overview & Analytics
        </Text>
      </header>
      <div className="adm-dash">
        <div className="adm-dash__left">
          <StatTiles />
          <SettlementCard />
        </div>
        <div className="adm-dash__centre">
          <EventsTable />
          <BetsTable />
        </div>
        <div className="adm-dash__right">
          <LiquidityCard />
          <SystemHealthCard />
        </div>
      </div>
    </section>
  );
}
