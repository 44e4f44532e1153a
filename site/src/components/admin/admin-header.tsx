/** The console's top bar: brand, health indicator, refresh, who is signed in, logout. */
import { adminQueries } from "../../lib/queries-admin.ts";
import { Badge, Button, Flex, IconButton, Text, Tooltip } from "@radix-ui/themes";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { CurrentUser } from "../../../../api/schemas/auth.ts";
import { useLogout } from "../account/use-logout.ts";
import { BrandMark } from "../public/brand-mark.tsx";
import { useToast } from "../toast.tsx";
import { CloseIcon, LogoutIcon, MenuIcon, RefreshIcon } from "./icons.tsx";

export function displayName(user: CurrentUser): string {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return name || user.email;
}

export function roleLabel(user: CurrentUser): string {
  const role = user.role === "admin" ? "Administrator" : user.role === "trader" ? "Trader" : "Customer";
  return user.isDemoUser ? `Demo ${role}` : role;
}

function HealthIndicator() {
  const health = useQuery(adminQueries.health());
  let state: "checking" | "ok" | "degraded" = "checking";
  if (health.data) state = health.data.status === "ok" ? "ok" : "degraded";
  else if (health.isError) state = "degraded";
  const label = state === "ok" ? "System Operational" : state === "degraded" ? "Degraded" : "Checking…";
  const detail =
    state === "degraded"
      ? health.error
        ? `Health check failed: ${health.error.message}`
        : "One or more components report a problem. See System Health."
      : state === "ok"
        ? "Database and odds feed healthy"
        : "Checking system health";
  return (
    <Tooltip content={detail}>
      <span className={`adm-health adm-health--${state}`} data-testid="system-status" role="status">
        <span className="adm-health__dot" aria-hidden="true" />
        <span className="adm-health__label">{label}</span>
      </span>
    </Tooltip>
  );
}

export function AdminHeader({
  user,
  menuOpen,
  onToggleMenu,
}: {
  user: CurrentUser;
  menuOpen: boolean;
  onToggleMenu: () => void;
}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const logout = useLogout(user);
  const [refreshing, setRefreshing] = useState(false);

  async function refresh() {
    setRefreshing(true);
    try {
      await queryClient.invalidateQueries();
      toast({ title: "Refreshed", description: "All data has been updated." });
    } finally {
      setRefreshing(false);
    }
  }

  return (
    <header className="adm-header">
      <Flex align="center" gap="3" className="adm-header__left">
        <IconButton
          className="adm-header__menu"
          variant="ghost"
          color="gray"
          aria-label={menuOpen ? "Close menu" : "Open menu"}
          aria-expanded={menuOpen}
          aria-controls="adm-sidebar"
          onClick={onToggleMenu}
        >
          {menuOpen ? <CloseIcon size={20} /> : <MenuIcon size={20} />}
        </IconButton>
        <a href="/admin" className="adm-header__brand">
          <BrandMark size={28} label="Admin Console" />
        </a>
      </Flex>
      <Flex align="center" gap="3" className="adm-header__right">
        <HealthIndicator />
        <Tooltip content="Refresh all data">
          <IconButton
            variant="soft"
            color="gray"
            aria-label="Refresh all data"
            onClick={refresh}
            loading={refreshing}
            data-testid="refresh-button"
          >
            <RefreshIcon />
          </IconButton>
        </Tooltip>
        <div className="adm-header__user">
          <Text as="div" size="2" weight="medium" className="adm-header__name" data-testid="user-name">
            {displayName(user)}
          </Text>
          <Flex gap="1" align="center" justify="end">
            <Badge size="1" color={user.isDemoUser ? "amber" : "green"} variant="soft" data-testid="role-label">
              {roleLabel(user)}
            </Badge>
          </Flex>
        </div>
        <Button
          variant="outline"
          color="gray"
          onClick={() => logout.mutate()}
          loading={logout.isPending}
          data-testid="logout-button"
          aria-label="Logout"
          className="adm-header__logout"
        >
          <LogoutIcon />
          <span className="adm-header__logout-text">Logout</span>
        </Button>
      </Flex>
    </header>
  );
}
