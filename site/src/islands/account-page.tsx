/** /account: who is signed in, their balance and account settings. Signed-out visitors get a prompt. */
import { Button, Callout, Heading } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { AccessPrompt, LoadingScreen } from "../components/account/access-prompt.tsx";
import { AccountView } from "../components/account/account-view.tsx";
import { IslandShell } from "../components/island-shell.tsx";
import { SuspendedAccount } from "../components/account/suspended-account.tsx";
import { SuspensionBanner, useSuspension } from "../components/session/suspension.tsx";
import { customerQueries } from "../lib/queries-customer.ts";

function AccountGate() {
  const me = useQuery(customerQueries.currentUser());
  const suspension = useSuspension();
  if (me.isPending) return <LoadingScreen label="Loading your account…" />;
  // A suspended real customer still signed in reaches their money here; a demo account, or a session
  // the suspension ended, is told why and what to do next (start again, or sign in to withdraw).
  if (suspension && !suspension.isDemo && !suspension.sessionEnded) return <SuspendedAccount suspension={suspension} />;
  if (suspension)
    return (
      <main id="main" style={{ maxWidth: 720, margin: "0 auto", padding: "32px 16px" }}>
        <Heading as="h1" size="6" mb="3">
          Your account
        </Heading>
        <SuspensionBanner suspension={suspension} />
      </main>
    );
  if (me.isError) {
    return (
      <main id="main">
        <AccessPrompt title="Account Unavailable" message="We could not load your session. Please try again.">
          <Callout.Root color="red" size="1">
            <Callout.Text>{me.error.message}</Callout.Text>
          </Callout.Root>
          <Button onClick={() => me.refetch()}>Try again</Button>
        </AccessPrompt>
      </main>
    );
  }
  if (!me.data) {
    return (
      // The page's one main landmark, so a screen reader's "skip to main" lands on the prompt.
      <main id="main">
        <AccessPrompt testId="account-login-required" title="Account Access Required" message="Please log in to view your account.">
          <Button asChild size="3">
            <a href="/sign-in?next=%2Faccount" data-testid="go-to-login">
              Go to Login
            </a>
          </Button>
        </AccessPrompt>
      </main>
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
