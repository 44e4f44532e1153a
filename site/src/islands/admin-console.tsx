/** /admin: the operator console. Signed-out visitors and customers get an access prompt. */
import { Button, Callout, Link } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { AccessPrompt, LoadingScreen } from "../components/account/access-prompt.tsx";
import { ConsoleLayout } from "../components/admin/console-layout.tsx";
import { IslandShell } from "../components/island-shell.tsx";
import { customerQueries } from "../lib/queries-customer.ts";

function AdminGate() {
  const me = useQuery(customerQueries.currentUser());
  if (me.isPending) return <LoadingScreen label="Checking your access…" />;
  if (me.isError) {
    return (
      <AccessPrompt title="Admin Console Unavailable" message="We could not check your session. Please try again.">
        <Callout.Root color="red" size="1">
          <Callout.Text>{me.error.message}</Callout.Text>
        </Callout.Root>
        <Button onClick={() => me.refetch()}>Try again</Button>
      </AccessPrompt>
    );
  }
  const user = me.data;
  if (!user) {
    return (
      <AccessPrompt
        testId="admin-login-required"
        title="Admin Access Required"
        message="Please log in with admin credentials to access the administrative dashboard."
      >
        <Button size="3" onClick={() => window.location.assign("/api/login")} data-testid="admin-login-button">
          Login to Admin Dashboard
        </Button>
      </AccessPrompt>
    );
  }
  if (user.role !== "admin" && user.role !== "trader") {
    return (
      <AccessPrompt
        testId="admin-forbidden"
        title="Admin Access Required"
        message="Your account does not have access to the admin console."
      >
        <Button asChild size="3" variant="soft">
          <a href="/betting">Go to Betting</a>
        </Button>
        <Link href="/" size="2" color="gray">
          Back to home
        </Link>
      </AccessPrompt>
    );
  }
  return <ConsoleLayout user={user} />;
}

export default function AdminConsole() {
  return (
    <IslandShell>
      <AdminGate />
    </IslandShell>
  );
}
