/** Rendering audit records: action badge, who, what, and the before / after values. */
import { Badge, Code, Flex, Text } from "@radix-ui/themes";

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
            : <span className="adm-before">{jsonPreview(b[k])}</span> → <span className="adm-after">{jsonPreview(a[k])}</span>
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
