/**
 * The Customer Insights tab: risk analysis and report exports, and the recent reports.
 */
import { Button, Card, Flex, Grid, Heading, Select, TextField } from "@radix-ui/themes";
import { useState } from "react";
import { Field } from "../form.tsx";
import { OperationsList, useStartOperation } from "./bulk-operations.tsx";

const ANALYSIS = ["comprehensive", "sharp_detection", "pattern_analysis", "clv_analysis"] as const;
const SEGMENTS = ["all", "high_value", "new_customers", "suspicious"] as const;
const REPORTS = ["financial", "customer_activity", "risk_metrics", "regulatory"] as const;
const RANGES = ["today", "week", "month", "quarter", "custom"] as const;
const label = (s: string) => s.replaceAll("_", " ").replace(/^./, (c) => c.toUpperCase());

/** A labelled select of fixed option values, each shown as its label(). */
function ChoiceField<T extends string>({
  id,
  label: text,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: T;
  options: readonly T[];
  onChange: (value: T) => void;
}) {
  return (
    <Field id={id} label={text}>
      <Select.Root value={value} onValueChange={(v) => onChange(v as T)}>
        <Select.Trigger id={id} aria-label={text} />
        <Select.Content>
          {options.map((a) => (
            <Select.Item key={a} value={a}>
              {label(a)}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
    </Field>
  );
}

export function InsightsTab() {
  const [analysisType, setAnalysisType] = useState<(typeof ANALYSIS)[number]>("comprehensive");
  const [segment, setSegment] = useState<(typeof SEGMENTS)[number]>("all");
  const [reportType, setReportType] = useState<(typeof REPORTS)[number]>("financial");
  const [dateRange, setDateRange] = useState<(typeof RANGES)[number]>("month");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const start = useStartOperation();
  const customOk = dateRange !== "custom" || (from && to && from <= to);

  return (
    <Flex direction="column" gap="4">
      <Grid columns={{ initial: "1", md: "2" }} gap="3">
        <Card size="2">
          <Heading as="h2" size="3" mb="3">
            Risk analysis
          </Heading>
          <Flex direction="column" gap="3">
            <ChoiceField id="ci-analysis" label="Analysis type" value={analysisType} options={ANALYSIS} onChange={setAnalysisType} />
            <ChoiceField id="ci-segment" label="Customer segment" value={segment} options={SEGMENTS} onChange={setSegment} />
            <Button onClick={() => start.mutate({ type: "customer_insight", params: { analysisType, segment } })} loading={start.isPending} data-testid="run-insight">
              Run Analysis
            </Button>
          </Flex>
        </Card>
        <Card size="2">
          <Heading as="h2" size="3" mb="3">
            Export reports
          </Heading>
          <Flex direction="column" gap="3">
            <ChoiceField id="ci-report" label="Report type" value={reportType} options={REPORTS} onChange={setReportType} />
            <ChoiceField id="ci-range" label="Date range" value={dateRange} options={RANGES} onChange={setDateRange} />
            {dateRange === "custom" && (
              <Grid columns="2" gap="3">
                <Field id="ci-from" label="From">
                  <TextField.Root id="ci-from" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
                </Field>
                <Field id="ci-to" label="To">
                  <TextField.Root id="ci-to" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
                </Field>
              </Grid>
            )}
            <Button
              disabled={!customOk}
              loading={start.isPending}
              onClick={() =>
                start.mutate({
                  type: "export_report",
                  params: {
                    reportType,
                    dateRange,
                    ...(dateRange === "custom" ? { from: new Date(`${from}T00:00:00`).toISOString(), to: new Date(`${to}T23:59:59.999`).toISOString() } : {}),
                  },
                })
              }
              data-testid="run-report"
            >
              Generate Report
            </Button>
          </Flex>
        </Card>
      </Grid>
      <div>
        <Heading as="h2" size="3" mb="2">
          Recent reports
        </Heading>
        <OperationsList filter={(op) => op.type !== "settlement"} empty="No reports yet" />
      </div>
    </Flex>
  );
}
