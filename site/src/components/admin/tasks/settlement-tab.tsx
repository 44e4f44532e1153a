/**
 * The Bulk Settlement tab: the settlement figures, the run form, the markets held under review
 * (which bulk settlement leaves alone), the latest run and the settlement exceptions (settlements a
 * database guard refused).
 */
import { Button, Card, Flex, Grid, Heading, Select, Text } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { adminQueries } from "../../../lib/queries-admin.ts";
import { Field } from "../form.tsx";
import { count, StatCard, StatGrid } from "../ui.tsx";
import { OperationRow, useBulkOperations, useStartOperation } from "./bulk-operations.tsx";
import { SettlementExceptions } from "./settlement-exceptions.tsx";
import { MarketsUnderReview } from "../markets/markets-under-review.tsx";

const SETTLEMENT_TYPES = [
  { value: "completed_events", label: "Completed events", supported: true },
  { value: "cancelled_events", label: "Cancelled events", supported: false },
  { value: "voided_bets", label: "Voided bets", supported: false },
  { value: "manual_review", label: "Manual review (list only)", supported: true },
] as const;
const SPORTS = [
  { value: "all", label: "All sports" },
  { value: "soccer", label: "Soccer" },
  { value: "basketball", label: "Basketball" },
  { value: "tennis", label: "Tennis" },
  { value: "american_football", label: "American football" },
] as const;

export function SettlementTab() {
  const [settlementType, setSettlementType] = useState<"completed_events" | "manual_review">("completed_events");
  const [sport, setSport] = useState<(typeof SPORTS)[number]["value"]>("all");
  const stats = useQuery(adminQueries.dashboardStats());
  const ops = useBulkOperations();
  const start = useStartOperation();
  const settlements = (ops.data ?? []).filter((o) => o.type === "settlement");
  const latest = settlements[0];
  const running = settlements.some((o) => o.status === "pending" || o.status === "processing");

  return (
    <Flex direction="column" gap="4">
      <StatGrid>
        <StatCard label="Pending Bets" value={stats.data ? count.format(stats.data.pendingBets) : undefined} sub="awaiting settlement" tone="amber" />
        <StatCard label="Finished Events" value={stats.data ? count.format(stats.data.finishedEvents) : undefined} sub="with recorded results" />
        <StatCard label="Last Run Settled" value={ops.data ? (latest ? count.format(latest.succeeded) : "0") : undefined} sub={latest ? `${latest.failed} failed · ${latest.status}` : "no run yet"} />
        <StatCard label="Runs" value={ops.data ? count.format(settlements.length) : undefined} sub="settlement operations" />
      </StatGrid>
      <Card size="2" style={{ maxWidth: 640 }}>
        <Heading as="h2" size="3" mb="3">
          Run Bulk Settlement
        </Heading>
        <Grid columns={{ initial: "1", sm: "2" }} gap="3">
          <Field id="bs-type" label="Settlement type">
            <Select.Root value={settlementType} onValueChange={(v) => setSettlementType(v as typeof settlementType)}>
              <Select.Trigger id="bs-type" aria-label="Settlement type" />
              <Select.Content>
                {SETTLEMENT_TYPES.map((t) => (
                  <Select.Item key={t.value} value={t.value} disabled={!t.supported}>
                    {t.label}
                    {t.supported ? "" : " (not available)"}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </Field>
          <Field id="bs-sport" label="Sport">
            <Select.Root value={sport} onValueChange={(v) => setSport(v as typeof sport)}>
              <Select.Trigger id="bs-sport" aria-label="Sport" />
              <Select.Content>
                {SPORTS.map((s) => (
                  <Select.Item key={s.value} value={s.value}>
                    {s.label}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </Field>
        </Grid>
        <Text as="p" size="1" color="gray" mt="2">
          Cancelled events and voided bets are not offered: events cannot be cancelled in this release, and single bets are voided
          one by one from Bet Management or by voiding their market.
        </Text>
        <Button
          mt="3"
          onClick={() => start.mutate({ type: "settlement", params: { settlementType, sport } })}
          loading={start.isPending}
          disabled={running}
          data-testid="run-bulk-settlement"
        >
          {running ? "Settlement running…" : "Run Settlement"}
        </Button>
      </Card>
      <MarketsUnderReview />
      {latest && (
        <div>
          <Heading as="h2" size="3" mb="2">
            Latest run
          </Heading>
          <OperationRow op={latest} />
        </div>
      )}
      <SettlementExceptions />
    </Flex>
  );
}
