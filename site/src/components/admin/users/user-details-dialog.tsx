/**
 * A user's details in a dialog: account, verification, status, debt, investigation and risk, with
 * Suspend / Activate and View Activity Log.
 */
import { Badge, Button, DataList, Dialog, Flex, Text } from "@radix-ui/themes";
import type { AdminUser } from "../../../../../api/schemas/users.ts";
import { formatMoney } from "../../../lib/format.ts";
import { KycBadge } from "../badges.tsx";
import { RiskLevelBadge } from "../ui.tsx";
import { InvestigationControl } from "./investigation-control.tsx";
import { displayUserName } from "./user-filter.ts";
import { UserDebt } from "./user-debt.tsx";
import { LocalTime } from "../../local-time.tsx";

const LEVEL_LABEL: Record<string, string> = { full: "Full", basic: "Basic", pending: "Pending", rejected: "Rejected", none: "None" };

export function UserDetailsDialog({
  detail,
  onClose,
  onToggle,
  toggling,
  onActivity,
}: {
  detail: AdminUser | null;
  onClose: () => void;
  onToggle: (u: AdminUser) => void;
  toggling: boolean;
  onActivity: (userId: string) => void;
}) {
  return (
    <Dialog.Root open={detail !== null} onOpenChange={(o) => !o && onClose()}>
      <Dialog.Content maxWidth="480px" data-testid="user-modal">
        <Dialog.Title>{detail ? displayUserName(detail) : "User"}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          Account details
        </Dialog.Description>
        {detail && (
          <DataList.Root size="2">
            <DataList.Item>
              <DataList.Label>Full name</DataList.Label>
              <DataList.Value>{`${detail.firstName} ${detail.lastName}`.trim() || "—"}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Email</DataList.Label>
              <DataList.Value>{detail.email}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Account balance</DataList.Label>
              <DataList.Value>{formatMoney(detail.balance)}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Verification level</DataList.Label>
              <DataList.Value>
                <Flex gap="2" align="center">
                  {LEVEL_LABEL[detail.verificationLevel] ?? detail.verificationLevel}
                  <KycBadge status={detail.kycStatus} />
                </Flex>
              </DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Account status</DataList.Label>
              <DataList.Value>
                <Badge color={detail.isActive ? "green" : "red"} data-testid="modal-status">
                  {detail.isActive ? "Active" : "Suspended"}
                </Badge>
              </DataList.Value>
            </DataList.Item>
            {detail.role === "customer" && (
              <DataList.Item>
                <DataList.Label>Debt</DataList.Label>
                <DataList.Value>
                  <UserDebt userId={detail.id} />
                </DataList.Value>
              </DataList.Item>
            )}
            {detail.role === "customer" && (
              <DataList.Item>
                <DataList.Label>Investigation</DataList.Label>
                <DataList.Value>
                  <InvestigationControl userId={detail.id} />
                </DataList.Value>
              </DataList.Item>
            )}
            <DataList.Item>
              <DataList.Label>Created</DataList.Label>
              <DataList.Value><LocalTime value={detail.createdAt} style="date" /></DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Risk profile</DataList.Label>
              <DataList.Value>
                <Flex gap="2" align="center">
                  <RiskLevelBadge level={detail.riskProfile.riskLevel} />
                  <Text size="2">score {detail.riskProfile.riskScore}</Text>
                </Flex>
              </DataList.Value>
            </DataList.Item>
          </DataList.Root>
        )}
        <Flex gap="3" justify="end" mt="4" wrap="wrap">
          {detail && (
            <>
              <Button
                color={detail.isActive ? "red" : "green"}
                variant="soft"
                onClick={() => onToggle(detail)}
                disabled={toggling}
                data-testid="modal-toggle"
              >
                {detail.isActive ? "Suspend User" : "Activate User"}
              </Button>
              <Button
                variant="soft"
                onClick={() => onActivity(detail.id)}
                data-testid="modal-activity"
              >
                View Activity Log
              </Button>
            </>
          )}
          <Dialog.Close>
            <Button variant="soft" color="gray">
              Close
            </Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
