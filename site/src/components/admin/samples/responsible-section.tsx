/**
 * Responsible Gambling (spec section 2 "Player Protection"): illustrative, local only. Defaults of
 * spec section 9: deposit limits daily 500 / weekly 1500 / monthly 5000 (monthly off), loss limits
 * 200 / 500 / 1000 (monthly off); time alerts; self-exclusion periods. Nothing is sent to the server.
 */
import { Badge, Button, Callout, Card, Checkbox, Flex, Grid, Heading, Progress, Select, Switch, Tabs, Text, TextArea, TextField } from "@radix-ui/themes";
import { useState } from "react";
import { useToast } from "../../toast.tsx";
import { SampleNotice, SectionFrame, usageColor } from "../ui.tsx";

type Limit = { type: "daily" | "weekly" | "monthly"; amount: number; current: number; enabled: boolean };

const DEPOSIT_LIMITS: Limit[] = [
  { type: "daily", amount: 500, current: 320, enabled: true },
  { type: "weekly", amount: 1500, current: 1180, enabled: true },
  { type: "monthly", amount: 5000, current: 2400, enabled: false },
];
const LOSS_LIMITS: Limit[] = [
  { type: "daily", amount: 200, current: 60, enabled: true },
  { type: "weekly", amount: 500, current: 470, enabled: true },
  { type: "monthly", amount: 1000, current: 540, enabled: false },
];
const SESSION = { currentSession: 47, todayTotal: 95, weeklyAverage: 62, longestSession: 180 };
const ALERT_OPTIONS = [30, 60, 90, 120];
const ALERT_DEFAULTS = [60, 120, 180];
const PERIODS = ["24 hours", "1 week", "1 month", "3 months", "6 months", "1 year", "5 years", "Permanent"];
const HELPLINES = [
  { name: "Gambling Help Online", contact: "1800 858 858", hours: "24/7" },
  { name: "Lifeline", contact: "13 11 14", hours: "24/7" },
  { name: "GamCare", contact: "0808 8020 133", hours: "24/7" },
];

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function LimitsCard({ title, initial, testId }: { title: string; initial: Limit[]; testId: string }) {
  const [limits, setLimits] = useState(initial);
  return (
    <Card size="2" data-testid={testId}>
      <Heading as="h3" size="3" mb="3">
        {title}
      </Heading>
      <Flex direction="column" gap="4">
        {limits.map((l, i) => {
          const pct = l.amount > 0 ? Math.min(100, (l.current / l.amount) * 100) : 0;
          const id = `${testId}-${l.type}`;
          return (
            <div key={l.type}>
              <Flex justify="between" align="center" gap="2" mb="1">
                <Text as="label" size="2" htmlFor={id} weight="medium">
                  {cap(l.type)} limit
                </Text>
                <Flex align="center" gap="2">
                  <Text size="1" color="gray">
                    {l.enabled ? "On" : "Off"}
                  </Text>
                  <Switch
                    checked={l.enabled}
                    aria-label={`${cap(l.type)} ${title.toLowerCase()} enabled`}
                    onCheckedChange={(v) => setLimits((ls) => ls.map((x, j) => (j === i ? { ...x, enabled: v } : x)))}
                  />
                </Flex>
              </Flex>
              <Flex gap="2" align="center">
                <TextField.Root
                  id={id}
                  type="number"
                  min="0"
                  step="1"
                  value={String(l.amount)}
                  disabled={!l.enabled}
                  onChange={(e) => setLimits((ls) => ls.map((x, j) => (j === i ? { ...x, amount: Number(e.target.value) || 0 } : x)))}
                  style={{ maxWidth: 140 }}
                >
                  <TextField.Slot>$</TextField.Slot>
                </TextField.Root>
                <Text size="1" color="gray">
                  used ${l.current} ({Math.round(pct)}%)
                </Text>
              </Flex>
              {l.enabled && <Progress value={pct} color={usageColor(pct)} mt="2" aria-label={`${cap(l.type)} usage`} />}
            </div>
          );
        })}
      </Flex>
    </Card>
  );
}

export default function ResponsibleSection() {
  const toast = useToast();
  const [alertsOn, setAlertsOn] = useState(true);
  const [intervals, setIntervals] = useState<number[]>(ALERT_DEFAULTS);
  const [period, setPeriod] = useState<string>("");
  const [reason, setReason] = useState("");
  const [excluded, setExcluded] = useState<{ period: string; reason: string } | null>(null);

  return (
    <SectionFrame id="responsible" title="Responsible Gambling" description="Player Protection">
      <SampleNotice what="limits, session figures and player controls on this screen" />
      <Tabs.Root defaultValue="limits">
        <Tabs.List aria-label="Player protection tools">
          <Tabs.Trigger value="limits">Spending Limits</Tabs.Trigger>
          <Tabs.Trigger value="time">Time Controls</Tabs.Trigger>
          <Tabs.Trigger value="behavior">Behavior Analysis</Tabs.Trigger>
          <Tabs.Trigger value="exclusion">Self-Exclusion</Tabs.Trigger>
          <Tabs.Trigger value="support">Get Support</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="limits">
          <Grid columns={{ initial: "1", md: "2" }} gap="3" mt="3">
            <LimitsCard title="Deposit Limits" initial={DEPOSIT_LIMITS} testId="deposit-limits" />
            <LimitsCard title="Loss Limits" initial={LOSS_LIMITS} testId="loss-limits" />
          </Grid>
        </Tabs.Content>
        <Tabs.Content value="time">
          <Grid columns={{ initial: "2", md: "4" }} gap="3" mt="3">
            {(
              [
                ["Current session", SESSION.currentSession],
                ["Today total", SESSION.todayTotal],
                ["Weekly average", SESSION.weeklyAverage],
                ["Longest session", SESSION.longestSession],
              ] as const
            ).map(([label, minutes]) => (
              <Card key={label} size="2">
                <Text as="div" size="1" color="gray">
                  {label}
                </Text>
                <Text as="div" size="5" weight="bold">
                  {minutes} min
                </Text>
              </Card>
            ))}
          </Grid>
          <Card size="2" mt="3">
            <Flex justify="between" align="center" mb="3">
              <Heading as="h3" size="3">
                Time alerts
              </Heading>
              <Switch checked={alertsOn} onCheckedChange={setAlertsOn} aria-label="Time alerts enabled" />
            </Flex>
            <Text as="p" size="2" color="gray" mb="2">
              Remind the player after each chosen interval (minutes).
            </Text>
            <Flex gap="4" wrap="wrap">
              {ALERT_OPTIONS.map((m) => (
                <Text as="label" size="2" key={m}>
                  <Flex gap="2" align="center">
                    <Checkbox
                      disabled={!alertsOn}
                      checked={intervals.includes(m)}
                      onCheckedChange={(c) => setIntervals((xs) => (c ? [...xs, m].sort((a, b) => a - b) : xs.filter((x) => x !== m)))}
                    />
                    {m} minutes
                  </Flex>
                </Text>
              ))}
            </Flex>
            <Button
              mt="4"
              variant="soft"
              onClick={() => toast({ title: "Break started", description: "Sample: a 15 minute break would pause betting for the player." })}
            >
              Take a 15 Minute Break
            </Button>
          </Card>
        </Tabs.Content>
        <Tabs.Content value="behavior">
          <Card size="2" mt="3">
            <Text size="2" color="gray">
              Behavior analysis charts are a placeholder in this release.
            </Text>
          </Card>
        </Tabs.Content>
        <Tabs.Content value="exclusion">
          <Card size="2" mt="3" style={{ maxWidth: 560 }}>
            {excluded ? (
              <Callout.Root color="red" data-testid="self-exclusion-active">
                <Callout.Text>
                  Self-exclusion is active for {excluded.period}. The restriction cannot be removed during the period.
                  {excluded.reason ? ` Reason: ${excluded.reason}` : ""}
                </Callout.Text>
              </Callout.Root>
            ) : (
              <Flex direction="column" gap="3">
                <Heading as="h3" size="3">
                  Self-Exclusion
                </Heading>
                <Text as="label" size="2" weight="medium" htmlFor="rg-period">
                  Exclusion period
                </Text>
                <Select.Root value={period} onValueChange={setPeriod}>
                  <Select.Trigger id="rg-period" placeholder="Choose a period" aria-label="Exclusion period" />
                  <Select.Content>
                    {PERIODS.map((p) => (
                      <Select.Item key={p} value={p}>
                        {p}
                      </Select.Item>
                    ))}
                  </Select.Content>
                </Select.Root>
                <Text as="label" size="2" weight="medium" htmlFor="rg-reason">
                  Reason (optional)
                </Text>
                <TextArea id="rg-reason" value={reason} onChange={(e) => setReason(e.target.value)} />
                <Button color="red" disabled={!period} onClick={() => setExcluded({ period, reason })}>
                  Activate Self-Exclusion
                </Button>
              </Flex>
            )}
          </Card>
        </Tabs.Content>
        <Tabs.Content value="support">
          <Grid columns={{ initial: "1", md: "3" }} gap="3" mt="3">
            {HELPLINES.map((h) => (
              <Card key={h.name} size="2">
                <Flex justify="between" align="center">
                  <Heading as="h3" size="3">
                    {h.name}
                  </Heading>
                  <Badge color="green">{h.hours}</Badge>
                </Flex>
                <Text as="p" size="3" weight="bold" mt="2">
                  {h.contact}
                </Text>
              </Card>
            ))}
          </Grid>
        </Tabs.Content>
      </Tabs.Root>
    </SectionFrame>
  );
}
