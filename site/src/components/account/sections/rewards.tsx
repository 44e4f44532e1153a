/** Benefits & Rewards: the bonus postings of the ledger (GET /api/account/rewards). */
import { Skeleton, Text } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import type { RewardKind } from "../../../../../api/schemas/account.ts";
import { errorMessage } from "../../../lib/form-errors.ts";
import { formatDateTime, formatSignedMoney } from "../../../lib/format.ts";
import { accountQueries } from "../../../lib/queries-account.ts";
import { Panel, Section } from "../section.tsx";

const KIND: Record<RewardKind, string> = {
  deposit_bonus: "Deposit bonus",
  adjustment: "Account adjustment",
  demo_grant: "Demo credits",
};

export function RewardsSection() {
  const rewards = useQuery(accountQueries.rewards());
  return (
    <Section id="rewards" title="Benefits & Rewards" lead="Deposits of $100.00 or more earn a 10% bonus, up to $50.00, credited separately.">
      <Panel testId="rewards">
        {rewards.isPending ? (
          <Skeleton height="80px" />
        ) : rewards.isError ? (
          <Text color="red" size="2">{errorMessage(rewards.error)}</Text>
        ) : rewards.data.items.length === 0 ? (
          <Text as="p" size="2" color="gray" data-testid="rewards-empty">
            No bonuses or rewards yet.
          </Text>
        ) : (
          <>
            <div className="acct-table-wrap">
              <table className="acct-table">
                <thead>
                  <tr>
                    <th scope="col">Date</th>
                    <th scope="col">Reward</th>
                    <th scope="col">Reference</th>
                    <th scope="col" className="num">Amount</th>
                  </tr>
                </thead>
                <tbody>
                  {rewards.data.items.map((r) => (
                    <tr key={r.id} data-testid="reward-row">
                      <td>{formatDateTime(r.createdAt)}</td>
                      <td>{KIND[r.kind] ?? r.kind}</td>
                      <td>{r.reference ?? "—"}</td>
                      <td className={`num ${r.amount >= 0 ? "acct-pos" : "acct-neg"}`}>{formatSignedMoney(r.amount)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Text as="p" size="2" mt="3" weight="bold" data-testid="rewards-total">
              Total received: {formatSignedMoney(rewards.data.total)}
            </Text>
          </>
        )}
      </Panel>
    </Section>
  );
}
