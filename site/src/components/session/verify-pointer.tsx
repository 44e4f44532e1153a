/**
 * The next step of a customer who has not verified their identity yet, on /betting, /fantasy and
 * /account until they have: nothing can be deposited or bet before it. Right after sign-up (the
 * register form sends the customer on with ?welcome=1) it opens with a welcome by name.
 */
import { Button, Callout, Text } from "@radix-ui/themes";
import { useEffect, useState } from "react";
import type { CurrentUser } from "../../../../api/schemas/auth.ts";
import { mayBet } from "../../../../domain/kyc/levels.ts";
import "./banners.css";

export const VERIFY_NEXT = "Next step: verify your identity. It takes a minute, and then you can deposit, bet and enter contests.";

/** The page's address after sign-up: the destination, marked so the pointer welcomes the customer. */
export function welcomeHref(destination: string): string {
  const url = new URL(destination, "http://x");
  url.searchParams.set("welcome", "1");
  return `${url.pathname}${url.search}${url.hash}`;
}

export function VerifyPointer({ user, href = "/account#verification" }: { user: CurrentUser | null | undefined; href?: string }) {
  // Read after hydration: the server-rendered page never knows the address's query.
  const [welcome, setWelcome] = useState(false);
  useEffect(() => setWelcome(new URLSearchParams(window.location.search).get("welcome") === "1"), []);
  if (!user || user.role !== "customer" || mayBet(user.verificationLevel)) return null;
  return (
    <Callout.Root color="amber" role="status" data-testid="verify-pointer" style={{ margin: "12px clamp(12px, 2vw, 24px) 0" }}>
      <Callout.Text>
        {welcome && (
          <Text weight="bold" data-testid="verify-welcome">
            Welcome to BetPro, {user.firstName}!{" "}
          </Text>
        )}
        <span data-testid="verify-next">{VERIFY_NEXT}</span>
      </Callout.Text>
      <div className="sb-banner-actions">
        <Button asChild size="2">
          <a href={href} data-testid="verify-link">
            Verify your identity
          </a>
        </Button>
      </div>
    </Callout.Root>
  );
}
