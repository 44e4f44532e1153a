/**
 * High-Risk Transactions (risk score above 70, up to 5) and Bonus Abuse Alerts (up to 5).
 */
import { Badge, Card, Flex, Heading, Text } from "@radix-ui/themes";
import type { BonusAbuseAlert, TransactionMonitoringRecord } from "../../../../../api/schemas/fraud.ts";
import { formatMoney } from "../../../lib/format.ts";
import { EmptyState, ErrorNote, RowsSkeleton } from "../ui.tsx";
import { LocalTime } from "../../local-time.tsx";

export function HighRiskTransactionsCard({ transactions, highRiskTx }: { transactions: { error: Error | null; isPending: boolean }; highRiskTx: TransactionMonitoringRecord[] }) {
  return (
    <Card size="2">
      <Heading as="h2" size="3" mb="3">
        High-Risk Transactions
      </Heading>
      <ErrorNote what="monitored transactions" error={transactions.error} />
      {transactions.isPending ? (
        <RowsSkeleton rows={2} />
      ) : highRiskTx.length === 0 ? (
        <EmptyState title="No high-risk transactions" />
      ) : (
        <ul className="adm-plain-list" data-testid="high-risk-transactions">
          {highRiskTx.map((t) => (
            <li key={t.id}>
              <Flex gap="2" align="center">
                <span className={`adm-risk-icon ${t.riskScore > 90 ? "adm-risk-icon--red" : "adm-risk-icon--orange"}`} aria-hidden="true">
                  !
                </span>
                <div style={{ minWidth: 0 }}>
                  <Text as="div" size="2">
                    {t.monitoringType.replaceAll("_", " ")} · <span className="adm-num">{formatMoney(t.amount)}</span>
                  </Text>
                  <Text as="div" size="1" color="gray">
                    Risk {t.riskScore} · {t.user.email} · <LocalTime value={t.createdAt} />
                  </Text>
                </div>
              </Flex>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export function BonusAbuseCard({ bonus, bonusList }: { bonus: { error: Error | null; isPending: boolean }; bonusList: BonusAbuseAlert[] }) {
  return (
    <Card size="2">
      <Heading as="h2" size="3" mb="3">
        Bonus Abuse Alerts
      </Heading>
      <ErrorNote what="bonus abuse alerts" error={bonus.error} />
      {bonus.isPending ? (
        <RowsSkeleton rows={2} />
      ) : bonusList.length === 0 ? (
        <EmptyState title="No bonus abuse detected" />
      ) : (
        <ul className="adm-plain-list" data-testid="bonus-abuse">
          {bonusList.map((b) => (
            <li key={b.id}>
              <Flex justify="between" gap="2">
                <Text size="2">{b.abuseType.replaceAll("_", " ")}</Text>
                <Badge color="orange">{b.confidence}% confidence</Badge>
              </Flex>
              <Text as="div" size="1" color="gray">
                {b.user.email} · {b.status} · <LocalTime value={b.createdAt} />
              </Text>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
