/**
 * Risk Management's Monitor tab: exposure and liability over time against the daily limit.
 */
import { Card, Grid, Heading, Progress, Text } from "@radix-ui/themes";
import { compactMoney, EmptyState, usageColor } from "../ui.tsx";
import { LineChart } from "./line-chart.tsx";

export function Monitor({ series, dailyLimit, totalExposure }: { series: { at: string; exposure: number; liability: number }[]; dailyLimit: number; totalExposure: number }) {
  const times = series.map((p) => p.at);
  const usage = dailyLimit > 0 ? (totalExposure / dailyLimit) * 100 : 0;
  return (
    <Grid columns={{ initial: "1", lg: "2" }} gap="3">
      <Card size="2">
        <Heading as="h2" size="3" mb="2">
          Exposure and liability, last 24 hours
        </Heading>
        {series.length === 0 ? (
          <EmptyState title="No history yet" />
        ) : (
          <LineChart
            title="Exposure and liability"
            times={times}
            valueLabel="Amount ($)"
            series={[
              { name: "Exposure", color: "var(--blue-9)", values: series.map((p) => p.exposure) },
              { name: "Liability", color: "var(--red-9)", values: series.map((p) => p.liability) },
            ]}
            format={compactMoney}
          />
        )}
      </Card>
      <Card size="2">
        <Heading as="h2" size="3" mb="2">
          Liability share of exposure
        </Heading>
        {series.length === 0 ? (
          <EmptyState title="No history yet" />
        ) : (
          <LineChart
            title="Liability as a percent of exposure"
            times={times}
            valueLabel="Liability / exposure (%)"
            series={[{ name: "Liability / exposure %", color: "var(--amber-9)", values: series.map((p) => (p.exposure > 0 ? (p.liability / p.exposure) * 100 : 0)) }]}
            format={(v) => `${v.toFixed(1)}%`}
          />
        )}
        <Text as="div" size="2" mt="3">
          Daily exposure limit: {compactMoney(totalExposure)} of {compactMoney(dailyLimit)}
        </Text>
        <Progress value={Math.min(100, usage)} color={usageColor(usage)} mt="1" aria-label="Daily exposure limit usage" />
      </Card>
    </Grid>
  );
}
