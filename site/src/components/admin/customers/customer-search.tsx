/**
 * The CRM's Customer Search results and the profile panel of the one opened.
 */
import { Badge, Button, Card, DataList, Flex, Heading, Text } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { CustomerProfile } from "../../../../../api/schemas/back-office.ts";
import { formatMoney } from "../../../lib/format.ts";
import { adminQueries } from "../../../lib/queries-admin.ts";
import { RestrictDialog } from "../risk/restrict-dialog.tsx";
import { StakeFactorDialog } from "../trading/stake-factor-dialog.tsx";
import { EmptyState, ErrorNote, RowsSkeleton, scoreColor } from "../ui.tsx";
import { BonusDialog, FlagDialog } from "./customer-actions.tsx";
import { CustomerBonus } from "./customer-bonus.tsx";
import { SEGMENT_NAME, SEGMENT_TONE } from "./segments-tab.tsx";
import { formatLocal } from "../../../lib/local-time.ts";

export function CustomerSearch({ customers, loading, error }: { customers: CustomerProfile[]; loading: boolean; error: Error | null }) {
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = customers.find((c) => c.id === selectedId) ?? null;
  return (
    <div className="adm-split">
      <div>
        <ErrorNote what="customers" error={error} />
        {loading ? (
          <RowsSkeleton rows={4} />
        ) : customers.length === 0 ? (
          <EmptyState title="No customers found" hint="Try another name or email" />
        ) : (
          <ul className="adm-select-list" data-testid="crm-results">
            {customers.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  className={`adm-select-list__item ${selectedId === c.id ? "is-selected" : ""}`}
                  aria-pressed={selectedId === c.id}
                  onClick={() => setSelectedId(c.id)}
                  data-testid={`crm-customer-${c.id}`}
                >
                  <Flex justify="between" gap="2" align="center">
                    <Text size="2" weight="medium">
                      {c.username}
                    </Text>
                    <Flex gap="1">
                      {c.vip && <Badge color="amber">VIP</Badge>}
                      <Badge color={SEGMENT_TONE[c.segment]} variant="soft">
                        {SEGMENT_NAME[c.segment]}
                      </Badge>
                    </Flex>
                  </Flex>
                  <Text as="div" size="1" color="gray">
                    {c.email} · {c.betCount} bets · {formatMoney(c.totalStaked)} staked
                  </Text>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {selected ? <ProfilePanel c={selected} /> : <EmptyState title="Select a customer" hint="Their profile shows here" />}
    </div>
  );
}

function ProfilePanel({ c }: { c: CustomerProfile }) {
  const [dialog, setDialog] = useState<"bonus" | "limits" | "flag" | "restrict" | null>(null);
  const target = { id: c.id, userId: c.id, name: c.username };
  // The current stake factor lives with the risk figures (customers with bets); 1 = no limit.
  const risk = useQuery(adminQueries.riskMetrics());
  const stakeFactor = risk.data?.customers.find((x) => x.userId === c.id)?.stakeFactor ?? 1;
  const rows: [string, string][] = [
    ["Email", c.email],
    ["Joined", formatLocal(c.joinDate, "date")],
    ["Balance", formatMoney(c.balance)],
    ["Total staked", formatMoney(c.totalStaked)],
    ["Total won", formatMoney(c.totalWon)],
    ["Total lost", formatMoney(c.totalLost)],
    ["Bets", `${c.betCount} (${c.pendingBets} pending)`],
    ["Win rate", `${c.winRate.toFixed(1)}%`],
    ["Average stake", formatMoney(c.avgStake)],
    ["Lifetime value", formatMoney(c.ltv)],
    ["Deposits", formatMoney(c.depositTotal)],
    ["Withdrawals", formatMoney(c.withdrawalTotal)],
    ["Bonus used", formatMoney(c.bonusUsed)],
    ["Favourite markets", c.favoriteMarkets.join(", ") || "—"],
    ["Last activity", formatLocal(c.lastActivity, "stamp")],
  ];
  return (
    <Card size="2" data-testid="crm-profile">
      <Flex justify="between" align="start" gap="2">
        <div>
          <Heading as="h2" size="4">
            {c.firstName} {c.lastName}
          </Heading>
          <Flex gap="1" mt="1" wrap="wrap">
            <Badge color={SEGMENT_TONE[c.segment]}>{SEGMENT_NAME[c.segment]}</Badge>
            {c.vip && <Badge color="amber">VIP</Badge>}
            <Badge color={c.kyc === "verified" ? "green" : c.kyc === "pending" ? "amber" : "red"}>KYC {c.kyc}</Badge>
            {!c.isActive && <Badge color="red">Suspended</Badge>}
          </Flex>
        </div>
        <div style={{ textAlign: "right" }}>
          <Text as="div" size="1" color="gray">
            Fraud score
          </Text>
          <Text size="5" weight="bold" color={scoreColor(c.riskScore)}>
            {c.riskScore}
          </Text>
        </div>
      </Flex>
      <DataList.Root size="1" mt="3">
        {rows.map(([k, v]) => (
          <DataList.Item key={k}>
            <DataList.Label minWidth="120px">{k}</DataList.Label>
            <DataList.Value>{v}</DataList.Value>
          </DataList.Item>
        ))}
      </DataList.Root>
      <CustomerBonus customerId={c.id} />
      <Flex gap="2" mt="3" wrap="wrap">
        <Button variant="soft" color="green" onClick={() => setDialog("bonus")} data-testid="crm-send-bonus">
          Send Bonus
        </Button>
        <Button variant="soft" onClick={() => setDialog("limits")}>
          Set Limits
        </Button>
        <Button variant="soft" color="orange" onClick={() => setDialog("flag")}>
          Flag Account
        </Button>
        <Button variant="soft" color="red" disabled={!c.isActive} onClick={() => setDialog("restrict")}>
          Restrict
        </Button>
      </Flex>
      <BonusDialog target={dialog === "bonus" ? target : null} onClose={() => setDialog(null)} />
      <FlagDialog target={dialog === "flag" ? target : null} onClose={() => setDialog(null)} />
      <StakeFactorDialog target={dialog === "limits" ? { userId: c.id, name: c.username, stakeFactor } : null} onClose={() => setDialog(null)} />
      <RestrictDialog target={dialog === "restrict" ? { userId: c.id, name: c.username } : null} onClose={() => setDialog(null)} />
    </Card>
  );
}
