/**
 * Trading's Risk tab cards: an event's exposure and its liability.
 */
import { Badge, Callout, Card, Flex, Heading, Progress, Text } from "@radix-ui/themes";
import type { EventExposure } from "../../../../../api/schemas/trading.ts";
import { formatDateTime, formatMoney } from "../../../lib/format.ts";
import { RiskLevelBadge, usageColor } from "../ui.tsx";
import { OutcomeTable } from "./outcome-table.tsx";

export function ExposureCard({ m }: { m: EventExposure }) {
  return (
    <Card size="2" data-testid={`exposure-${m.eventId}`}>
      <Flex justify="between" align="start" gap="2" wrap="wrap">
        <div>
          <Heading as="h3" size="3">
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

export function LiabilityCard({ m }: { m: EventExposure }) {
  const usage = m.liabilityLimit > 0 ? Math.min(100, (m.totalLiability / m.liabilityLimit) * 100) : 0;
  return (
    <Card size="2" data-testid={`liability-${m.eventId}`}>
      <Flex justify="between" align="center" gap="2" wrap="wrap">
        <Heading as="h3" size="3">
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
      <Flex justify="between" mt="3">
        <Text size="2">Total liability</Text>
        <Text size="2" weight="bold" className="adm-num">
          {formatMoney(m.totalLiability)} <Text color="gray">of {formatMoney(m.liabilityLimit)}</Text>
        </Text>
      </Flex>
      <Progress value={usage} color={usageColor(usage)} mt="2" aria-label="Liability against limit" />
      <OutcomeTable outcomes={m.outcomes} caption={`${m.eventName}: liability by outcome`} testId={`liability-outcomes-${m.eventId}`} />
    </Card>
  );
}
