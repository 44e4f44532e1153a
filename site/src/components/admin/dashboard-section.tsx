/** The dashboard: figures on the left, events and bets in the centre, liquidity and health on the right. */
import { Heading, Text } from "@radix-ui/themes";
import { AdminOnlyNotice, BetsTable } from "./bets-table.tsx";
import { EventsTable } from "./events-table.tsx";
import { LiquidityCard } from "./liquidity-card.tsx";
import { SettlementCard, StatTiles } from "./stat-tiles.tsx";
import { SystemHealthCard } from "./system-health-card.tsx";

/** canManage: admins act on events and bets; traders see the same figures read-only. */
export function DashboardSection({ canManage }: { canManage: boolean }) {
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
          <EventsTable canManage={canManage} />
          {canManage ? <BetsTable /> : <AdminOnlyNotice title="Bet Management" />}
        </div>
        <div className="adm-dash__right">
          <LiquidityCard />
          <SystemHealthCard />
        </div>
      </div>
    </section>
  );
}
