/**
 * The account page of a SUSPENDED customer (funds always stay reachable: the money is theirs). Their session
 * opens nothing but their money, so this page shows why the account is closed and the withdraw form
 * (or, under investigation, why withdrawals are on hold) with their deposits and withdrawals.
 */
import { Button, Callout, Flex, Heading } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { suspensionWords, type SuspensionState } from "../../../../domain/accounts/suspension.ts";
import { errorMessage } from "../../lib/form-errors.ts";
import { LoadingScreen } from "./access-prompt.tsx";
import { PaymentsList, WithdrawPanel } from "./sections/wallet.tsx";
import { useLogout } from "./use-logout.ts";
import { customerQueries } from "../../lib/queries-customer.ts";

export function SuspendedAccount({ suspension }: { suspension: SuspensionState }) {
  const words = suspensionWords(suspension);
  const access = useQuery({
    ...customerQueries.withdrawAccess(),
    retry: false,
  });
  const logout = useLogout(null);
  if (access.isPending) return <LoadingScreen label="Loading your account…" />;
  return (
    <main className="acct-suspended" data-testid="account-suspended" style={{ maxWidth: 720, margin: "0 auto", padding: "32px 16px" }}>
      <Flex direction="column" gap="4">
        <Flex justify="between" align="center" gap="3" wrap="wrap">
          <Heading as="h1" size="6">
            {access.data ? `${access.data.firstName} ${access.data.lastName}`.trim() || "Your account" : "Your account"}
          </Heading>
          <Button variant="soft" color="gray" onClick={() => logout.mutate()} disabled={logout.isPending}>
            Log out
          </Button>
        </Flex>
        <Callout.Root color="red" role="status" data-testid="suspension-banner" data-category={suspension.category}>
          <Callout.Text>
            <strong data-testid="suspension-headline">{words.headline}</strong>{" "}
            <span data-testid="suspension-text">
              {words.reason} Betting, deposits and contests are closed. Your balance is still yours: withdraw it below, and contact support about the
              suspension.
            </span>
          </Callout.Text>
        </Callout.Root>
        {access.isError ? (
          <Callout.Root color="red" role="alert">
            <Callout.Text>{errorMessage(access.error)}</Callout.Text>
          </Callout.Root>
        ) : (
          access.data && (
            <>
              <Heading as="h2" size="4">
                Withdraw
              </Heading>
              <WithdrawPanel user={{ verificationLevel: access.data.verificationLevel }} suspended />
              <PaymentsList />
            </>
          )
        )}
      </Flex>
    </main>
  );
}
