/** /account: who is signed in, their balance and account settings. Signed-out visitors get a prompt. */
import { Button, Callout } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { AccessPrompt, LoadingScreen } from "../components/account/access-prompt.tsx";
import { AccountView } from "../components/account/account-view.tsx";
import { IslandShell } from "../components/island-shell.tsx";
import { SuspendedAccount } from "../components/account/suspended-account.tsx";
import { ApiError } from "../lib/api.ts";
import { queries } from "../lib/queries.ts";

function AccountGate() {
  const me = useQuery(queries.currentUser());
  if (me.isPending) return <LoadingScreen label="Loading your account…" />;
  // A suspended customer is signed in to reach their money only (issue 20 item 4).
  if (me.isError && me.error instanceof ApiError && me.error.code === "AUTH.ACCOUNT_SUSPENDED") return <SuspendedAccount />;
  if (me.isError) {
    return (
      <AccessPrompt title="Account Unavailable" message="We could not load your session. Please try again.">
        <Callout.Root color="red" size="1">
          <Callout.Text>{me.error.message}</Callout.Text>
        </Callout.Root>
        <Button onClick={() => me.refetch()}>Try again</Button>
      </AccessPrompt>
    );
  }
  if (!me.data) {
    return (
      <AccessPrompt testId="account-login-required" title="Account Access Required" message="Please log in to view your account.">
        <Button asChild size="3">
          <a href="/sign-in?next=%2Faccount" data-testid="go-to-login">
            Go to Login
          </a>
        </Button>
      </AccessPrompt>
    );
  }
  return <AccountView user={me.data} />;
}

export default function AccountPage() {
  return (
    <IslandShell>
      <AccountGate />
    </IslandShell>
  );
}
