/**
 * User Management (spec section 2): stat cards, search and filters, the users list with badges,
 * a details modal with Suspend / Activate and View Activity Log, Refresh, Export Users and Add
 * User; plus the Audit Trail of every admin and trader change. Administrators only.
 */
import { InvestigationControl } from "./investigation-control.tsx";
import { Avatar, Badge, Button, Card, DataList, Dialog, Flex, Heading, IconButton, Select, Tabs, Text, TextField } from "@radix-ui/themes";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import type { AdminUser } from "../../../../../api/schemas/users.ts";
import { formatMoney } from "../../../lib/format.ts";
import { keys, queries } from "../../../lib/queries.ts";
import { useToast } from "../../toast.tsx";
import { useConsole, useRole } from "../console-context.tsx";
import { centsCell, exportCsv } from "../csv.ts";
import { PlusIcon, RefreshIcon } from "../icons.tsx";
import { AdminOnlyPanel, count, EmptyState, ErrorNote, ExportButton, formatDate, RiskLevelBadge, RowsSkeleton, SectionFrame, StatCard, StatGrid } from "../ui.tsx";
import { AddUserDialog } from "./add-user-dialog.tsx";
import { AuditTrail } from "./audit-trail.tsx";
import { UserActivityDialog } from "./user-activity-dialog.tsx";
import { UserDebt } from "./user-debt.tsx";
import { displayUserName, filterUsers, isHighRisk, percent, type KycFilter, type StatusFilter } from "./user-filter.ts";
import { useUserStatus } from "./use-user-status.ts";
import { KycBadge } from "../badges.tsx";


const LEVEL_LABEL: Record<string, string> = { full: "Full", basic: "Basic", pending: "Pending", rejected: "Rejected", none: "None" };

export const USER_COLUMNS = [
  ["id", (u: AdminUser) => u.id],
  ["first_name", (u: AdminUser) => u.firstName],
  ["last_name", (u: AdminUser) => u.lastName],
  ["email", (u: AdminUser) => u.email],
  ["role", (u: AdminUser) => u.role],
  ["status", (u: AdminUser) => (u.isActive ? "active" : "suspended")],
  ["balance", (u: AdminUser) => centsCell(u.balance)],
  ["joined", (u: AdminUser) => u.createdAt],
  ["verification_level", (u: AdminUser) => u.verificationLevel],
  ["kyc_status", (u: AdminUser) => u.kycStatus],
  ["risk_level", (u: AdminUser) => u.riskProfile.riskLevel],
  ["risk_score", (u: AdminUser) => u.riskProfile.riskScore],
  ["demo", (u: AdminUser) => u.isDemo],
] as const;

export default function UsersSection() {
  const { isAdmin } = useRole();
  const console = useConsole();
  if (!isAdmin) {
    return (
      <SectionFrame id="users" title="User Management" description="Manage active punters, KYC status, and account verification">
        <AdminOnlyPanel title="User Management" what="Managing accounts" />
      </SectionFrame>
    );
  }
  return <UserManagement initialActivityUserId={console?.focus?.auditUserId} />;
}

export function UserManagement({ initialActivityUserId }: { initialActivityUserId?: string }) {
  const users = useQuery(queries.adminUsers());
  const stats = useQuery(queries.userStats());
  const queryClient = useQueryClient();
  const toast = useToast();
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<StatusFilter>("all");
  const [kyc, setKyc] = useState<KycFilter>("all");
  const [detail, setDetail] = useState<AdminUser | null>(null);
  const [activityFor, setActivityFor] = useState<string | null>(initialActivityUserId ?? null);
  const [adding, setAdding] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  const setUserStatus = useUserStatus();

  useEffect(() => {
    if (initialActivityUserId) setActivityFor(initialActivityUserId);
  }, [initialActivityUserId]);

  const all = users.data ?? [];
  const shown = useMemo(() => filterUsers(all, search, status, kyc), [all, search, status, kyc]);

  // Cards from the server's counts (over every account); the list is the same data filtered here.
  const s = stats.data;
  const total = s?.total ?? all.length;
  const active = s?.active ?? all.filter((u) => u.isActive).length;
  const suspended = s?.suspended ?? total - active;
  const pendingKyc = s?.pendingKyc ?? all.filter((u) => u.verificationLevel === "basic" || u.verificationLevel === "pending").length;
  const highRisk = s?.highRisk ?? all.filter(isHighRisk).length;
  const ready = users.data !== undefined;

  async function refresh() {
    setRefreshing(true);
    try {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.adminUsers }),
        queryClient.invalidateQueries({ queryKey: keys.userStats }),
        queryClient.invalidateQueries({ queryKey: keys.audit }),
      ]);
      toast({ title: "Data refreshed", description: "All user data has been updated." });
    } finally {
      setRefreshing(false);
    }
  }

  function toggle(u: AdminUser) {
    setUserStatus.mutate(
      { userId: u.id, isActive: !u.isActive },
      {
        // Spec section 4: the modal flips its own display immediately.
        onSuccess: (r) => setDetail((d) => (d && d.id === u.id ? r.user : d)),
      },
    );
    setDetail((d) => (d && d.id === u.id ? { ...d, isActive: !u.isActive } : d));
  }

  return (
    <SectionFrame
      id="users"
      title="User Management"
      description="Manage active punters, KYC status, and account verification"
      actions={
        <>
          <Button variant="soft" color="gray" onClick={refresh} loading={refreshing} data-testid="users-refresh">
            <RefreshIcon /> Refresh
          </Button>
          <ExportButton label="Export Users" testId="export-users" onExport={() => exportCsv("users", USER_COLUMNS, shown)} />
          <Button onClick={() => setAdding(true)} data-testid="add-user-button">
            <PlusIcon /> Add User
          </Button>
        </>
      }
    >
      <Tabs.Root defaultValue="users">
        <Tabs.List aria-label="User management views">
          <Tabs.Trigger value="users">Users</Tabs.Trigger>
          <Tabs.Trigger value="audit" data-testid="audit-tab">
            Audit Trail
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="users" className="adm-tab">
          <StatGrid testId="user-stats">
            <StatCard label="Total Users" value={ready ? count.format(total) : undefined} sub={`${percent(active, total)}% active`} testId="stat-total-users" />
            <StatCard label="Active Users" value={ready ? count.format(active) : undefined} sub={`${count.format(suspended)} suspended`} tone="green" testId="stat-active-users" />
            <StatCard
              label="Pending KYC"
              value={ready ? count.format(pendingKyc) : undefined}
              sub={pendingKyc > 0 ? "Requires attention" : "All verified"}
              tone={pendingKyc > 0 ? "amber" : undefined}
              testId="stat-pending-kyc"
            />
            <StatCard
              label="High Risk Users"
              value={ready ? count.format(highRisk) : undefined}
              sub={`${percent(highRisk, total)}% of total`}
              tone={highRisk > 0 ? "red" : undefined}
              testId="stat-high-risk"
            />
          </StatGrid>
          <Card size="2" mt="4">
            <Flex gap="3" wrap="wrap" align="end">
              <TextField.Root
                placeholder="Search users by name or email..."
                aria-label="Search users by name or email"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                className="adm-grow"
                data-testid="users-search"
              />
              <Select.Root value={status} onValueChange={(v) => setStatus(v as StatusFilter)}>
                <Select.Trigger aria-label="Status filter" data-testid="users-status-filter" />
                <Select.Content>
                  <Select.Item value="all">All Status</Select.Item>
                  <Select.Item value="active">Active</Select.Item>
                  <Select.Item value="suspended">Suspended</Select.Item>
                </Select.Content>
              </Select.Root>
              <Select.Root value={kyc} onValueChange={(v) => setKyc(v as KycFilter)}>
                <Select.Trigger aria-label="KYC filter" data-testid="users-kyc-filter" />
                <Select.Content>
                  <Select.Item value="all">All KYC</Select.Item>
                  <Select.Item value="verified">Verified</Select.Item>
                  <Select.Item value="basic">Basic</Select.Item>
                  <Select.Item value="pending">Pending</Select.Item>
                  <Select.Item value="rejected">Rejected</Select.Item>
                </Select.Content>
              </Select.Root>
            </Flex>
          </Card>
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
                          Joined {formatDate(u.createdAt)}
                        </Text>
                        <KycBadge status={u.kycStatus} />
                        {u.riskProfile.riskLevel !== "low" && <RiskLevelBadge level={u.riskProfile.riskLevel} />}
                      </Flex>
                    </div>
                    <Flex gap="2" className="adm-user-row__actions">
                      <IconButton variant="soft" color="gray" aria-label={`View details of ${displayUserName(u)}`} onClick={() => setDetail(u)} data-testid={`user-view-${u.id}`}>
                        <EyeIcon />
                      </IconButton>
                      <Button
                        variant="soft"
                        color={u.isActive ? "red" : "green"}
                        disabled={setUserStatus.isPending && setUserStatus.variables?.userId === u.id}
                        onClick={() => toggle(u)}
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
        </Tabs.Content>
        <Tabs.Content value="audit" className="adm-tab">
          <AuditTrail />
        </Tabs.Content>
      </Tabs.Root>

      <Dialog.Root open={detail !== null} onOpenChange={(o) => !o && setDetail(null)}>
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
                <DataList.Value>{formatDate(detail.createdAt)}</DataList.Value>
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
                  onClick={() => toggle(detail)}
                  disabled={setUserStatus.isPending}
                  data-testid="modal-toggle"
                >
                  {detail.isActive ? "Suspend User" : "Activate User"}
                </Button>
                <Button
                  variant="soft"
                  onClick={() => {
                    setActivityFor(detail.id);
                    setDetail(null);
                  }}
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
      <UserActivityDialog userId={activityFor} onClose={() => setActivityFor(null)} />
      <AddUserDialog open={adding} onOpenChange={setAdding} />
    </SectionFrame>
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
