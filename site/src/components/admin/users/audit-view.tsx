/** Rendering audit records: action badge, who, what, and the before / after values. */
import { Badge, Code, Flex, Text } from "@radix-ui/themes";
import { formatOdds } from "../../../../../domain/shared/odds.ts";
import { formatDateTime, formatMoney } from "../../../lib/format.ts";

/** Keys that hold money in cents (liabilityLimit, stake, amount, maxPayoutPerBet, balance ...). */
const MONEY_KEY = /(amount|limit|stake|balance|return|fee|bonus|liability|payout|threshold|cents|prize|pool|credit|debit)$/i;
const ODDS_KEY = /(odds|price)milli$/i;
const TIME_KEY = /(At|Time|Until|Date)$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * An audited value as an operator reads it: money in dollars ("liabilityLimit: $2,000,000.00 ->
 * $50.00", not 200000000 -> 5000), odds as a price, times in the operator's locale; anything else
 * as it is. Keys decide, so a count is never shown as money.
 */
export function auditValue(key: string, v: unknown): string {
  if (typeof v === "number" && Number.isInteger(v)) {
    if (ODDS_KEY.test(key)) return formatOdds(v);
    if (MONEY_KEY.test(key) && !/count|percent|pct|bps/i.test(key)) return formatMoney(v);
  }
  if (typeof v === "string" && (TIME_KEY.test(key) || ISO.test(v)) && ISO.test(v)) return formatDateTime(v);
  return jsonPreview(v);
}

export function jsonPreview(v: unknown): string {
  if (v === null || v === undefined) return "—";
  try {
    return typeof v === "string" ? v : JSON.stringify(v);
  } catch {
    return String(v);
  }
}

/** The keys whose values differ between before and after (objects only). */
export function changedKeys(before: unknown, after: unknown): string[] {
  if (!before || !after || typeof before !== "object" || typeof after !== "object") return [];
  const b = before as Record<string, unknown>;
  const a = after as Record<string, unknown>;
  const keys = new Set([...Object.keys(b), ...Object.keys(a)]);
  return [...keys].filter((k) => jsonPreview(b[k]) !== jsonPreview(a[k]));
}

export function ActionBadge({ action }: { action: string }) {
  const area = action.split(".")[0];
  const color =
    area === "user" ? "blue" : area === "market" ? "orange" : area === "bet" ? "green" : area === "fraud" || area === "fraud_alert" ? "red" : area === "odds" || area === "outcome" ? "purple" : "gray";
  return (
    <Badge color={color} variant="soft" className="adm-status">
      {action}
    </Badge>
  );
}

export function BeforeAfter({ before, after }: { before: unknown; after: unknown }) {
  const changed = changedKeys(before, after);
  if (changed.length > 0) {
    const b = before as Record<string, unknown>;
    const a = after as Record<string, unknown>;
    return (
      <Flex direction="column" gap="1">
        {changed.slice(0, 6).map((k) => (
          <Text key={k} size="1" className="adm-code-line">
            <Code size="1" variant="ghost">
              {k}
            </Code>
            : <span className="adm-before">{auditValue(k, b[k])}</span> → <span className="adm-after">{auditValue(k, a[k])}</span>
          </Text>
        ))}
      </Flex>
    );
  }
  return (
    <Flex direction="column" gap="1">
      <Text size="1" className="adm-code-line">
        before: <span className="adm-before">{truncate(jsonPreview(before))}</span>
      </Text>
      <Text size="1" className="adm-code-line">
        after: <span className="adm-after">{truncate(jsonPreview(after))}</span>
      </Text>
    </Flex>
  );
}

function truncate(s: string, n = 160): string {
  return s.length > n ? `${s.slice(0, n)}…` : s;
}
