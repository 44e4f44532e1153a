/** The signed-in account page: identity card, balance, account menu (coming soon) and the demo note. */
import { Avatar, Badge, Button, Callout, Card, Flex, Heading, Separator, Skeleton, Text } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import type { CurrentUser } from "../../../../api/schemas/auth.ts";
import { formatMoney } from "../../lib/format.ts";
import { queries } from "../../lib/queries.ts";
import { SiteHeader } from "./site-header.tsx";
import { useLogout } from "./use-logout.ts";
import "./account.css";

const MENU: { label: string; description: string }[] = [
  { label: "My Details", description: "Name, address and contact details" },
  { label: "Password", description: "Change your password" },
  { label: "User Settings", description: "Odds format, notifications and preferences" },
  { label: "Verification", description: "Identity documents and verification status" },
  { label: "Benefits & Rewards", description: "Promotions, bonuses and loyalty" },
  { label: "Responsible Gambling", description: "Deposit and loss limits, time-outs, self-exclusion" },
  { label: "Blackbook & Follows", description: "Runners, teams and tipsters you follow" },
];

function initials(user: CurrentUser): string {
  const s = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.trim();
  return (s || user.email.charAt(0)).toUpperCase();
}

export function AccountView({ user }: { user: CurrentUser }) {
  const logout = useLogout(user);
  const balance = useQuery(queries.balance());
  const displayName = `${user.firstName} ${user.lastName}`.trim();

  return (
    <div className="acct-app">
      <SiteHeader
        brandHref="/public"
        links={[
          { label: "Home", href: "/public", testId: "nav-home" },
          { label: "Sports", href: "/betting", testId: "nav-sports" },
          { label: "Racing", href: "/betting", testId: "nav-racing" },
        ]}
      >
        <Button variant="outline" color="gray" onClick={() => logout.mutate()} loading={logout.isPending} data-testid="logout-button">
          Logout
        </Button>
      </SiteHeader>

      <main className="acct-main">
        <Heading as="h1" size="7" mb="4">
          My Account
        </Heading>

        <Card size="3" className="acct-card" data-testid="account-card">
          <Flex gap={{ initial: "3", sm: "4" }} align="center">
            <Avatar size={{ initial: "4", sm: "5" }} radius="full" fallback={initials(user)} color="green" variant="soft" />
            <div className="acct-card__who">
              <Flex align="center" gap="2" wrap="wrap">
                <Heading as="h2" size="5" data-testid="account-display-name">
                  {displayName || user.email}
                </Heading>
                {user.isDemoUser && (
                  <Badge color="amber" variant="soft" data-testid="demo-badge">
                    Demo Account
                  </Badge>
                )}
              </Flex>
              <Text as="div" size="2" color="gray" data-testid="account-email">
                {user.email}
              </Text>
            </div>
          </Flex>
          <Separator size="4" my="4" />
          <dl className="acct-facts">
            <div>
              <dt>Email</dt>
              <dd>{user.email}</dd>
            </div>
            <div>
              <dt>Display Name</dt>
              <dd>{displayName || "—"}</dd>
            </div>
            <div>
              <dt>Balance</dt>
              <dd className="acct-balance" data-testid="account-balance">
                {balance.data ? (
                  formatMoney(balance.data.balance)
                ) : balance.isError ? (
                  <Text color="gray" size="2" title={balance.error.message}>
                    Unavailable
                  </Text>
                ) : (
                  <Skeleton width="96px" height="24px" />
                )}
              </dd>
            </div>
          </dl>
        </Card>

        <Card size="1" className="acct-menu-card" mt="4">
          <ul className="acct-menu" aria-label="Account settings">
            {MENU.map((m) => (
              <li key={m.label} className="acct-menu__row" aria-disabled="true" data-testid={`account-menu-${m.label}`}>
                <div className="acct-menu__text">
                  <Text as="div" size="3" weight="medium">
                    {m.label}
                  </Text>
                  <Text as="div" size="1" color="gray">
                    {m.description}
                  </Text>
                </div>
                <Badge color="gray" variant="surface">
                  Coming soon
                </Badge>
              </li>
            ))}
          </ul>
        </Card>
        <Text as="p" size="1" color="gray" mt="2">
          These settings arrive with the customer-account release.
        </Text>

        {user.isDemoUser && (
          <Callout.Root color="amber" mt="5" data-testid="demo-account-note">
            <Callout.Text>
              <Text as="div" weight="bold" mb="1">
                Demo Account Information
              </Text>
              You are using a demo account in a test environment. Balances, bets and results here are simulated
              and no real money is involved. To use every feature and place real bets, you need a real account.
            </Callout.Text>
          </Callout.Root>
        )}
      </main>
    </div>
  );
}
