/**
 * User Management's search box and status and KYC filters.
 */
import { Card, Flex, Select, TextField } from "@radix-ui/themes";
import type { KycFilter, StatusFilter } from "./user-filter.ts";

export function UserFilters({
  search,
  setSearch,
  status,
  setStatus,
  kyc,
  setKyc,
}: {
  search: string;
  setSearch: (s: string) => void;
  status: StatusFilter;
  setStatus: (s: StatusFilter) => void;
  kyc: KycFilter;
  setKyc: (k: KycFilter) => void;
}) {
  return (
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
  );
}
