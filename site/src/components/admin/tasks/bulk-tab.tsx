/**
 * The Bulk Operations tab: the operation cards and the recent operations.
 */
import { Button, Card, Flex, Grid, Heading, Text } from "@radix-ui/themes";
import { OperationsList, useStartOperation } from "./bulk-operations.tsx";

export function BulkTab({ onOpen }: { onOpen: (tab: string) => void }) {
  const start = useStartOperation();
  const cards = [
    { key: "settlement", title: "Bulk Settlement", text: "Settle pending bets on finished events from their results.", action: () => onOpen("settlement"), label: "Open" },
    { key: "insight", title: "Customer Insights", text: "Analyse customer behaviour and download the report.", action: () => onOpen("insights"), label: "Open" },
    {
      key: "risk",
      title: "Risk Analysis",
      text: "Score every customer's betting for sharp and risky patterns (CSV).",
      action: () => start.mutate({ type: "risk_analysis", params: { analysisType: "comprehensive", segment: "all" } }),
      label: "Run Analysis",
    },
    {
      key: "export",
      title: "Export Report",
      text: "Financial report for the last month from the ledger (CSV).",
      action: () => start.mutate({ type: "export_report", params: { reportType: "financial", dateRange: "month" } }),
      label: "Generate",
    },
  ];
  return (
    <Flex direction="column" gap="4">
      <Grid columns={{ initial: "1", sm: "2", lg: "4" }} gap="3">
        {cards.map((c) => (
          <Card key={c.key} size="2" data-testid={`bulk-card-${c.key}`}>
            <Heading as="h2" size="3">
              {c.title}
            </Heading>
            <Text as="p" size="2" color="gray" my="2">
              {c.text}
            </Text>
            <Button variant="soft" onClick={c.action} loading={start.isPending && (c.key === "risk" || c.key === "export")}>
              {c.label}
            </Button>
          </Card>
        ))}
      </Grid>
      <div>
        <Heading as="h2" size="3" mb="2">
          Recent operations
        </Heading>
        <OperationsList />
      </div>
    </Flex>
  );
}
