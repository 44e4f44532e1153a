/**
 * Risk Management › Settings: the four-eyes thresholds (money moved by a resettlement or adjustment,
 * a manual bonus, a limit raise) and the default event liability limit. Admins change them; traders
 * read them. Lowering one (stricter) applies at once; raising one (looser) is sent for a second
 * admin's approval (Payments › Staff approvals). The server decides which; this screen only asks.
 */
import { Button, Card, Flex, Heading, Table, Text, TextField } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { RiskSettingsResponse } from "../../../../../api/schemas/governance.ts";
import { apiSend } from "../../../lib/api.ts";
import { formatMoney, parseStakeToCents } from "../../../lib/format.ts";
import { adminKeys, adminQueries } from "../../../lib/queries-admin.ts";
import { useRole } from "../console-context.tsx";
import { useAdminMutation } from "../use-admin-mutation.ts";
import { pendingToast, type ApprovalPendingBody } from "../approvals/approval-text.ts";
import { ErrorNote, RowsSkeleton, TableScroll } from "../ui.tsx";

type Setting = RiskSettingsResponse["settings"][number];

export function RiskSettings() {
  const { isAdmin } = useRole();
  const settings = useQuery(adminQueries.riskSettings());
  return (
    <Card size="2" data-testid="risk-settings">
      <Heading as="h2" size="3">
        Approval thresholds and event limit
      </Heading>
      <Text as="p" size="2" color="gray" mt="1">
        {isAdmin
          ? "Lowering a value (stricter) applies at once. Raising one (looser) is sent to another admin for approval."
          : "Set by administrators; shown here for reference."}
      </Text>
      {settings.isError && <ErrorNote what="the risk settings" error={settings.error} />}
      {settings.isPending ? (
        <RowsSkeleton />
      ) : settings.data ? (
        <TableScroll label="Risk settings">
          <Table.Root size="1" variant="surface" mt="3">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>Setting</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell justify="end">Value</Table.ColumnHeaderCell>
                {isAdmin && <Table.ColumnHeaderCell className="adm-sticky-actions">Change</Table.ColumnHeaderCell>}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {settings.data.settings.map((s) => (
                <SettingRow key={s.key} s={s} editable={isAdmin} />
              ))}
            </Table.Body>
          </Table.Root>
        </TableScroll>
      ) : null}
    </Card>
  );
}

function SettingRow({ s, editable }: { s: Setting; editable: boolean }) {
  const [value, setValue] = useState("");
  const save = useAdminMutation({
    request: (cents: number) => apiSend<RiskSettingsResponse | ApprovalPendingBody>("PUT", `/api/admin/risk-settings/${s.key}`, { value: cents }),
    success: (r, cents) =>
      r && typeof r === "object" && "approval" in r ? pendingToast(r) : { title: "Setting updated", description: `${s.label}: ${formatMoney(cents)}.` },
    failure: "Failed to change the setting",
    invalidate: [adminKeys.riskSettings, adminKeys.approvals],
    onSuccess: () => setValue(""),
  });
  const cents = parseStakeToCents(value);
  const bad = value !== "" && cents === null;
  const inputId = `risk-setting-${s.key}`;
  return (
    <Table.Row data-testid={`risk-setting-row-${s.key}`} align="center">
      <Table.RowHeaderCell>{s.label}</Table.RowHeaderCell>
      <Table.Cell justify="end" className="adm-num" data-testid={`risk-setting-value-${s.key}`}>
        {formatMoney(s.value)}
      </Table.Cell>
      {editable && (
        <Table.Cell className="adm-sticky-actions">
          <Flex gap="2" align="center" wrap="nowrap">
            <TextField.Root id={inputId} aria-label={`New value for ${s.label}`} size="1" inputMode="decimal" placeholder={(s.value / 100).toFixed(2)} value={value} onChange={(e) => setValue(e.target.value)} aria-invalid={bad}>
              <TextField.Slot>$</TextField.Slot>
            </TextField.Root>
            <Button size="1" variant="soft" disabled={cents === null || cents === s.value || save.isPending} onClick={() => cents !== null && save.mutate(cents)} data-testid={`risk-setting-save-${s.key}`}>
              Save
            </Button>
          </Flex>
        </Table.Cell>
      )}
    </Table.Row>
  );
}
