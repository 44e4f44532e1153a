/** What a customer owes the house (GET /api/admin/users/{id}/debt), for the operator's view of a user. */
import { Badge, Text } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { formatMoney } from "../../../lib/format.ts";
import { adminQueries } from "../../../lib/queries-admin.ts";

export function UserDebt({ userId }: { userId: string }) {
  const debt = useQuery(adminQueries.userDebt(userId));
  if (debt.isError) return <Text size="1" color="gray">Debt unavailable</Text>;
  if (!debt.data) return null;
  return debt.data.owed > 0 ? (
    <Badge color="red" data-testid="user-debt">
      Owes {formatMoney(debt.data.owed)}
    </Badge>
  ) : (
    <Text size="1" color="gray" data-testid="user-debt">
      No debt
    </Text>
  );
}
