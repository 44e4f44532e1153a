/**
 * User Management: stat cards, search and filters, the users list with badges,
 * a details modal with Suspend / Activate and View Activity Log, Refresh, Export Users and Add
 * User; plus the Audit Trail of every admin and trader change. Administrators only.
 */
import { Button, Tabs } from "@radix-ui/themes";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import type { AdminUser } from "../../../../../api/schemas/users.ts";
import { adminKeys, adminQueries } from "../../../lib/queries-admin.ts";
import { useToast } from "../../toast.tsx";
import { useConsole, useRole } from "../console-context.tsx";
import { centsCell, exportCsv } from "../csv.ts";
import { PlusIcon, RefreshIcon } from "../icons.tsx";
import { AdminOnlyPanel, count, ExportButton, SectionFrame, StatCard, StatGrid } from "../ui.tsx";
import { AddUserDialog } from "./add-user-dialog.tsx";
import { AuditTrail } from "./audit-trail.tsx";
import { UserActivityDialog } from "./user-activity-dialog.tsx";
import { UserDetailsDialog } from "./user-details-dialog.tsx";
import { filterUsers, isHighRisk, percent, type KycFilter, type StatusFilter } from "./user-filter.ts";
import { UserFilters } from "./user-filters.tsx";
import { UserList } from "./user-list.tsx";
import { useUserStatus } from "./use-user-status.ts";

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
  const users = useQuery(adminQueries.adminUsers());
  const stats = useQuery(adminQueries.userStats());
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
        queryClient.invalidateQueries({ queryKey: adminKeys.adminUsers }),
        queryClient.invalidateQueries({ queryKey: adminKeys.userStats }),
        queryClient.invalidateQueries({ queryKey: adminKeys.audit }),
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
        // The product spec has the modal flip its own display at once; the server's answer then replaces it.
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
          <UserFilters search={search} setSearch={setSearch} status={status} setStatus={setStatus} kyc={kyc} setKyc={setKyc} />
          <UserList
            users={users}
            shown={shown}
            pendingUserId={setUserStatus.isPending ? setUserStatus.variables?.userId : undefined}
            onView={setDetail}
            onToggle={toggle}
          />
        </Tabs.Content>
        <Tabs.Content value="audit" className="adm-tab">
          <AuditTrail />
        </Tabs.Content>
      </Tabs.Root>

      <UserDetailsDialog
        detail={detail}
        onClose={() => setDetail(null)}
        onToggle={toggle}
        toggling={setUserStatus.isPending}
        onActivity={(userId) => {
          setActivityFor(userId);
          setDetail(null);
        }}
      />
      <UserActivityDialog userId={activityFor} onClose={() => setActivityFor(null)} />
      <AddUserDialog open={adding} onOpenChange={setAdding} />
    </SectionFrame>
  );
}
