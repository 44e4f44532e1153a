/**
 * Trading's Risk tab cards: an event's exposure and its liability.
 */
import { Badge, Callout, Card, Flex, Heading, Progress, Text } from "@radix-ui/themes";
import type { EventExposure } from "../../../../../api/schemas/trading.ts";
import { formatDateTime, formatMoney } from "../../../lib/format.ts";
import { RiskLevelBadge, usageColor } from "../ui.tsx";
import { OutcomeTable } from "./outcome-table.tsx";
import { EventLimitButton } from "./event-limit-dialog.tsx";

export function ExposureCard({ m }: { m: EventExposure }) {
  return (
    <Card size="2" data-testid={`exposure-${m.eventId}`}>
      <Flex justify="between" align="start" gap="2" wrap="wrap">
        <div>
          <Heading as="h2" size="3">
            {m.eventName}
          </Heading>
          <Text size="1" color="gray">
            {m.sportName} · {m.status === "live" ? "Live" : formatDateTime(m.startTime)}
          </Text>
        </div>
        <Flex gap="1" wrap="wrap">
          {m.sharpMoney && <Badge color="purple">Sharp</Badge>}
          {m.steamMove && <Badge color="orange">Steam</Badge>}
          <RiskLevelBadge level={m.riskLevel} />
        </Flex>
      </Flex>
      {/* Every outcome as a row: the draw and each racing runner by name, with price, stakes and liability. */}
      <OutcomeTable outcomes={m.outcomes} caption={`${m.eventName}: outcomes, prices, stakes and liability`} testId={`exposure-outcomes-${m.eventId}`} />
    </Card>
  );
}

/**
 * An event's liability: the sum of its markets' liabilities against the event's own limit (the
 * figure placement checks: BET.EVENT_LIMIT), and the market nearest its own limit.
 */
export function LiabilityCard({ m }: { m: EventExposure }) {
  const tight = m.tightestMarket;
  const ev = m.eventLimit;
  const usage = tight ? Math.min(100, tight.limitUsage) : 0;
  return (
    <Card size="2" data-testid={`liability-${m.eventId}`}>
      <Flex justify="between" align="center" gap="2" wrap="wrap">
        <Heading as="h2" size="3">
          {m.eventName}
        </Heading>
        <RiskLevelBadge level={m.riskLevel} />
      </Flex>
      {(m.sharpMoney || m.steamMove) && (
        <Callout.Root color="orange" size="1" mt="2">
          <Callout.Text>
            {[m.sharpMoney ? "Sharp money detected" : null, m.steamMove ? "Steam move in progress" : null].filter(Boolean).join(" · ")}
          </Callout.Text>
        </Callout.Root>
      )}
      <Flex justify="between" mt="3" gap="2" wrap="wrap">
        <Text size="2">Liability, all markets</Text>
        <Text size="2" weight="bold" className="adm-num" data-testid={`liability-total-${m.eventId}`}>
          {formatMoney(m.totalLiability)}
          {ev && (
            <Text weight="regular" color="gray" data-testid={`liability-event-limit-${m.eventId}`}>
              {" "}
              of {formatMoney(ev.limit)} event limit ({ev.limitUsage.toFixed(0)}%)
            </Text>
          )}
        </Text>
      </Flex>
      {ev && <Progress value={Math.min(100, ev.limitUsage)} color={usageColor(Math.min(100, ev.limitUsage))} mt="2" aria-label={`${m.eventName}: liability against the event limit`} />}
      <EventLimitButton m={m} />
      {tight && (
        <>
          <Flex justify="between" mt="1" gap="2" wrap="wrap">
            <Text size="1" color="gray">
              Nearest its limit: {tight.marketName}
            </Text>
            <Text size="1" className="adm-num" data-testid={`liability-tightest-${m.eventId}`}>
              {formatMoney(tight.liability)} <Text color="gray">of {formatMoney(tight.limit)} ({tight.limitUsage.toFixed(0)}%)</Text>
            </Text>
          </Flex>
          <Progress value={usage} color={usageColor(usage)} mt="2" aria-label={`${tight.marketName}: liability against its limit`} />
        </>
      )}
      <OutcomeTable outcomes={m.outcomes} caption={`${m.eventName}: liability by outcome`} testId={`liability-outcomes-${m.eventId}`} />
    </Card>
  );
}
