/**
 * The ledger reconciliation's alarms, above every console section while any is unresolved: an
 * unbalanced or still-open transaction, or a balance that differs from its postings. Shown to all
 * staff (it polls the System view the settings dialog reads); nothing renders while the ledger is sound.
 */
import { Callout, Text } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { adminQueries } from "../../lib/queries-admin.ts";

const KIND_LABEL = {
  open_transaction: "Open transaction",
  unbalanced_transaction: "Unbalanced transaction",
  balance_mismatch: "Balance differs from its postings",
} as const;

export function LedgerAlarmBanner() {
  const system = useQuery(adminQueries.system());
  const alarms = system.data?.ledgerAlarms ?? [];
  if (alarms.length === 0) return null;
  return (
    <Callout.Root color="red" role="alert" mb="4" data-testid="ledger-alarms">
      <Callout.Text weight="bold">
        Ledger alarm: {alarms.length} problem{alarms.length === 1 ? "" : "s"} found by the reconciliation. Money in the accounts concerned may be held.
      </Callout.Text>
      <ul style={{ margin: 0, paddingInlineStart: "1.25rem" }}>
        {alarms.map((a) => (
          <li key={a.id}>
            <Text size="2">
              <strong>{KIND_LABEL[a.kind]}</strong>: {a.detail}
            </Text>
          </li>
        ))}
      </ul>
    </Callout.Root>
  );
}
