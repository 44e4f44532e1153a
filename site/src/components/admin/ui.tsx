/** Small building blocks every admin section shares: section frame, stat card, notices, empty states. */
import { Badge, Callout, Card, Flex, Heading, Skeleton, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";

export function SectionFrame({
  id,
  title,
  description,
  actions,
  children,
}: {
  id: string;
  title: string;
  description: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="adm-section" aria-labelledby={`adm-title-${id}`} data-testid={`section-${id}`}>
      <header className="adm-section__head adm-section__head--actions">
        <div>
          <Heading as="h1" size="6" id={`adm-title-${id}`}>
            {title}
          </Heading>
          <Text as="p" size="2" color="gray">
            {description}
          </Text>
        </div>
        {actions && (
          <Flex gap="2" wrap="wrap" className="adm-section__actions">
            {actions}
          </Flex>
        )}
      </header>
      {children}
    </section>
  );
}

export type Tone = "gray" | "green" | "red" | "amber" | "blue" | "orange" | "yellow" | "purple";

export function StatCard({
  label,
  value,
  sub,
  tone,
  testId,
  icon,
}: {
  label: string;
  value: ReactNode | undefined;
  sub?: ReactNode;
  tone?: Tone;
  testId?: string;
  icon?: ReactNode;
}) {
  return (
    <Card size="2" className="adm-stat" data-testid={testId}>
      <Flex justify="between" align="start" gap="2">
        <Text as="div" size="1" color="gray" className="adm-tile__label">
          {label}
        </Text>
        {icon && <span className={`adm-stat__icon adm-tone-${tone ?? "gray"}`}>{icon}</span>}
      </Flex>
      {value === undefined ? (
        <Skeleton height="30px" width="60%" my="1" />
      ) : (
        <Text as="div" size="6" weight="bold" className={`adm-stat__value adm-num ${tone ? `adm-text-${tone}` : ""}`} data-testid={testId ? `${testId}-value` : undefined}>
          {value}
        </Text>
      )}
      {sub !== undefined && value !== undefined && (
        <Text as="div" size="1" color="gray" className="adm-tile__sub">
          {sub}
        </Text>
      )}
    </Card>
  );
}

export function StatGrid({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <div className="adm-stat-grid" data-testid={testId}>
      {children}
    </div>
  );
}

/** Illustrative sections say plainly that their figures are samples. */
export function SampleNotice({ what = "figures on this screen" }: { what?: string }) {
  return (
    <Callout.Root color="amber" variant="surface" size="1" mb="4" data-testid="sample-notice">
      <Callout.Text>
        <strong>Sample content.</strong> The {what} are illustrative samples, not live data from this sportsbook.
      </Callout.Text>
    </Callout.Root>
  );
}

export function ErrorNote({ what, error }: { what: string; error: Error | null }) {
  if (!error) return null;
  return (
    <Callout.Root color="red" size="1" role="alert">
      <Callout.Text>
        Could not load {what}: {error.message}
      </Callout.Text>
    </Callout.Root>
  );
}

export function EmptyState({ title, hint, testId }: { title: string; hint?: string; testId?: string }) {
  return (
    <Flex direction="column" align="center" gap="1" py="5" className="adm-empty" data-testid={testId}>
      <Text size="2" weight="medium">
        {title}
      </Text>
      {hint && (
        <Text size="1" color="gray">
          {hint}
        </Text>
      )}
    </Flex>
  );
}

export function RowsSkeleton({ rows = 3, height = "36px" }: { rows?: number; height?: string }) {
  return (
    <Flex direction="column" gap="2">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={height} />
      ))}
    </Flex>
  );
}

/** Shown to a trader where a panel is for administrators (the server refuses the calls too). */
export function AdminOnlyPanel({ title, what }: { title: string; what: string }) {
  return (
    <Card size="2" className="adm-panel" data-testid="admin-only-notice">
      <Heading as="h2" size="3" mb="2">
        {title}
      </Heading>
      <Text size="2" color="gray">
        {what} is for administrators.
      </Text>
    </Card>
  );
}

/** The Export (CSV) button lives in export-button.tsx; screens import it from here. */
export { ExportButton } from "./export-button.tsx";

const RISK_COLORS = { low: "green", medium: "yellow", high: "orange", critical: "red", sharp: "purple" } as const;
export type RiskLevel = keyof typeof RISK_COLORS;

export function RiskLevelBadge({ level, testId }: { level: string; testId?: string }) {
  const color = RISK_COLORS[level as RiskLevel] ?? "gray";
  return (
    <Badge color={color} variant={level === "critical" ? "solid" : "soft"} className="adm-status" data-testid={testId}>
      {level.charAt(0).toUpperCase() + level.slice(1)}
    </Badge>
  );
}

/** The product spec's risk score colours: above 70 red, above 40 yellow (else green). */
export function scoreColor(score: number): "red" | "yellow" | "green" {
  return score > 70 ? "red" : score > 40 ? "yellow" : "green";
}

/** The product spec's limit-usage colours: the one rule in site/src/lib/usage-color.ts. */
export { usageColor } from "../../lib/usage-color.ts";

export const count = new Intl.NumberFormat("en-AU");

/** Millions as the trading desk shows them: "$2.35M"; smaller sums as "$125K". */
export function compactMoney(cents: number): string {
  const units = cents / 100;
  const abs = Math.abs(units);
  const sign = units < 0 ? "-" : "";
  if (abs >= 1_000_000) return `${sign}$${(abs / 1_000_000).toFixed(2)}M`;
  if (abs >= 1_000) return `${sign}$${(abs / 1_000).toFixed(1)}K`;
  return `${sign}$${abs.toFixed(2)}`;
}

/**
 * A wide table's horizontal scroller (at 768 px the last columns, often the actions,
 * were cut off): the table scrolls inside its card, with a visible scrollbar, and the region takes
 * keyboard focus (arrow keys scroll it) under a label screen readers announce.
 */
export function TableScroll({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
    <div className="adm-table-scroll" role="region" aria-label={label} tabIndex={0} data-testid={testId}>
      {children}
    </div>
  );
}

/** Views the spec marks 'coming soon'. */
export function ComingSoon({ what }: { what: string }) {
  return (
    <Card size="2" mt="3" data-testid="coming-soon">
      <Text as="div" size="3" weight="medium">
        Coming soon
      </Text>
      <Text as="p" size="2" color="gray">
        {what} will be available in a later release.
      </Text>
    </Card>
  );
}
