/**
 * /user-management and /fraud-monitoring (spec route table): the same screens as the console's
 * users and fraud sections on a page of their own. Nobody signed in: the spec's login prompt;
 * signed in without the admin role: what they may not do and a way back.
 */
import { Button, Callout, Flex, Link } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { customerQueries } from "../../lib/queries-customer.ts";
import { AccessPrompt, LoadingScreen } from "../account/access-prompt.tsx";
import { BrandMark } from "../public/brand-mark.tsx";
import { displayName, roleLabel } from "./admin-header.tsx";
import { StandaloneConsole } from "./console-context.tsx";
import "./admin.css";

export function StandaloneScreen({
  title,
  signedOutMessage,
  children,
}: {
  title: string;
  signedOutMessage: string;
  children: ReactNode;
}) {
  const me = useQuery(customerQueries.currentUser());
  if (me.isPending) return <LoadingScreen label="Checking your access…" />;
  if (me.isError) {
    return (
      <AccessPrompt title={`${title} Unavailable`} message="We could not check your session. Please try again.">
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
      <AccessPrompt testId="standalone-login-required" title={title} message={signedOutMessage}>
        <Button size="3" onClick={() => window.location.assign("/api/login")}>
          Log in
        </Button>
      </AccessPrompt>
    );
  }
  if (user.role !== "admin") {
    return (
      <AccessPrompt testId="standalone-forbidden" title={title} message={`${title} is for administrators.`}>
        <Button asChild size="3" variant="soft">
          <a href={user.role === "trader" ? "/admin" : "/betting"}>{user.role === "trader" ? "Go to Admin Console" : "Go to Betting"}</a>
        </Button>
      </AccessPrompt>
    );
  }
  return (
    <StandaloneConsole user={user}>
      <div className="adm-app">
        <header className="adm-header">
          <Flex align="center" gap="3">
            <a href="/admin" className="adm-header__brand">
              <BrandMark size={28} label="Admin Console" />
            </a>
          </Flex>
          <Flex align="center" gap="3">
            <Link href="/admin" size="2" data-testid="back-to-console">
              Back to Admin Console
            </Link>
            <span className="adm-header__user">
              <span className="adm-header__name">{displayName(user)}</span>
              <span className="adm-standalone-role"> · {roleLabel(user)}</span>
            </span>
          </Flex>
        </header>
        <main className="adm-main adm-main--standalone" id="adm-main">
          {children}
        </main>
      </div>
    </StandaloneConsole>
  );
}
