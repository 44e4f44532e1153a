/**
 * User Risk Profiles: the first 10, with risk level, score, KYC status and last review.
 */
import { Card, Heading, Table, Text } from "@radix-ui/themes";
import type { UserRiskProfile } from "../../../../../api/schemas/fraud.ts";
import { KycBadge } from "../badges.tsx";
import { EmptyState, ErrorNote, RiskLevelBadge, RowsSkeleton, TableScroll } from "../ui.tsx";
import { LocalTime } from "../../local-time.tsx";

export function RiskProfilesCard({ profiles, profileList }: { profiles: { error: Error | null; isPending: boolean }; profileList: UserRiskProfile[] }) {
  return (
    <Card size="2" mt="4">
      <Heading as="h2" size="3" mb="3">
        User Risk Profiles
      </Heading>
      <ErrorNote what="risk profiles" error={profiles.error} />
      {profiles.isPending ? (
        <RowsSkeleton rows={4} />
      ) : profileList.length === 0 ? (
        <EmptyState title="No user risk profiles found" />
      ) : (
        <TableScroll label="Customer risk profiles table">
          <Table.Root size="1" variant="ghost" data-testid="risk-profiles">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>User</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Risk Level</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Score</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>KYC Status</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Last Reviewed</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {profileList.slice(0, 10).map((p) => (
                <Table.Row key={p.id}>
                  <Table.RowHeaderCell>
                    <Text as="div" size="2">
                      {`${p.user.firstName} ${p.user.lastName}`.trim() || p.user.email}
                    </Text>
                    <Text as="div" size="1" color="gray">
                      {p.user.email}
                    </Text>
                  </Table.RowHeaderCell>
                  <Table.Cell>
                    <RiskLevelBadge level={p.riskLevel} />
                  </Table.Cell>
                  <Table.Cell className="adm-num" title={p.factors.join("\n")}>
                    {p.riskScore}
                  </Table.Cell>
                  <Table.Cell>
                    <KycBadge status={p.kycStatus} />
                  </Table.Cell>
                  <Table.Cell><LocalTime value={p.lastReviewed} style="date" empty="Never" /></Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </TableScroll>
      )}
    </Card>
  );
}
