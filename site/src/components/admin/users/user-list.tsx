/**
 * User Management's list of users: badges, balance, KYC and risk, View and Suspend / Activate.
 */
import { Avatar, Badge, Button, Card, Flex, Heading, IconButton, Text } from "@radix-ui/themes";
import type { AdminUser } from "../../../../../api/schemas/users.ts";
import { formatMoney } from "../../../lib/format.ts";
import { KycBadge } from "../badges.tsx";
import { EmptyState, ErrorNote, RiskLevelBadge, RowsSkeleton } from "../ui.tsx";
import { displayUserName } from "./user-filter.ts";
import { LocalTime } from "../../local-time.tsx";

export function UserList({
  users,
  shown,
  pendingUserId,
  onView,
  onToggle,
}: {
  users: { error: Error | null; isPending: boolean };
  shown: AdminUser[];
  /** The user whose status change is being sent. */
  pendingUserId: string | undefined;
  onView: (u: AdminUser) => void;
  onToggle: (u: AdminUser) => void;
}) {
  return (
    <Card size="2" mt="4">
      <Heading as="h2" size="4" mb="3" data-testid="users-count">
        Users ({shown.length})
      </Heading>
      <ErrorNote what="users" error={users.error} />
      {users.isPending ? (
        <RowsSkeleton rows={5} height="56px" />
      ) : shown.length === 0 ? (
        <EmptyState title="No users found" hint="Try adjusting your search or filters" testId="users-empty" />
      ) : (
        <ul className="adm-user-list" data-testid="users-list">
          {shown.map((u) => (
            <li key={u.id} className="adm-user-row" data-testid={`user-row-${u.id}`}>
              <Avatar size="3" radius="full" fallback={(u.firstName || u.email).charAt(0).toUpperCase()} aria-hidden="true" />
              <div className="adm-user-row__main">
                <Flex gap="2" align="center" wrap="wrap">
                  <Text size="2" weight="medium">
                    {displayUserName(u)}
                  </Text>
                  <Badge color={u.isActive ? "green" : "red"} variant="soft" data-testid={`user-status-${u.id}`}>
                    {u.isActive ? "Active" : "Suspended"}
                  </Badge>
                  {u.role !== "customer" && (
                    <Badge color="blue" variant="outline">
                      {u.role}
                    </Badge>
                  )}
                </Flex>
                <Text as="div" size="1" color="gray" className="adm-ellipsis-wide">
                  {u.email}
                </Text>
                <Flex gap="3" wrap="wrap" mt="1" align="center">
                  <Text size="1" className="adm-num">
                    {formatMoney(u.balance)}
                  </Text>
                  <Text size="1" color="gray">
                    Joined <LocalTime value={u.createdAt} style="date" />
                  </Text>
                  <KycBadge status={u.kycStatus} />
                  {u.riskProfile.riskLevel !== "low" && <RiskLevelBadge level={u.riskProfile.riskLevel} />}
                </Flex>
              </div>
              <Flex gap="2" className="adm-user-row__actions">
                <IconButton variant="soft" color="gray" aria-label={`View details of ${displayUserName(u)}`} onClick={() => onView(u)} data-testid={`user-view-${u.id}`}>
                  <EyeIcon />
                </IconButton>
                <Button
                  variant="soft"
                  color={u.isActive ? "red" : "green"}
                  disabled={pendingUserId === u.id}
                  onClick={() => onToggle(u)}
                  data-testid={`user-toggle-${u.id}`}
                >
                  {u.isActive ? "Suspend" : "Activate"}
                </Button>
              </Flex>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function EyeIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}
