/**
 * The signed-in account page ("Account page"): identity card with balance and
 * verification, the wallet (deposit, withdraw, transactions), and every menu row of the spec opening
 * its own working section. Sections are addressed by the URL hash (/account#responsible), so the
 * browser's back button and links from other pages work.
 */
import { Avatar, Badge, Button, Callout, Card, Flex, Heading, Separator, Skeleton, Text } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState, type ComponentType } from "react";
import type { CurrentUser } from "../../../../api/schemas/auth.ts";
import { formatMoney } from "../../lib/format.ts";
import { customerQueries } from "../../lib/queries-customer.ts";
import { accountQueries } from "../../lib/queries-account.ts";
import { RealityCheck } from "../session/reality-check.tsx";
import { verificationDisplay } from "./kyc.ts";
import { ExclusionBanner } from "../session/exclusion-banner.tsx";
import { VerifyPointer } from "../session/verify-pointer.tsx";
import { SiteHeader } from "./site-header.tsx";
import { useLogout } from "./use-logout.ts";
import { DetailsSection } from "./sections/details.tsx";
import { PasswordSection } from "./sections/password.tsx";
import { SettingsSection } from "./sections/settings.tsx";
import { VerificationSection } from "./sections/verification.tsx";
import { RewardsSection } from "./sections/rewards.tsx";
import { ResponsibleSection } from "./sections/responsible.tsx";
import { FollowsSection } from "./sections/follows.tsx";
import { WalletSection } from "./sections/wallet.tsx";
import { DebtNotice } from "./debt-notice.tsx";
import "./account.css";

type SectionProps = { user: CurrentUser };
type MenuItem = { key: string; label: string; description: string; component: ComponentType<SectionProps>; customerOnly?: boolean };

/** The spec's seven menu rows, in its order. */
const MENU: MenuItem[] = [
  { key: "details", label: "My Details", description: "Name and email; date of birth and address", component: DetailsSection },
  { key: "password", label: "Password", description: "Change your password", component: PasswordSection },
  { key: "settings", label: "User Settings", description: "Odds format, price changes and reality checks", component: SettingsSection },
  { key: "verification", label: "Verification", description: "Verify your identity to deposit, bet and withdraw", component: VerificationSection, customerOnly: true },
  { key: "rewards", label: "Benefits & Rewards", description: "Deposit bonuses and credits you have received", component: RewardsSection, customerOnly: true },
  { key: "responsible", label: "Responsible Gambling", description: "Deposit and loss limits, time-outs, self-exclusion", component: ResponsibleSection, customerOnly: true },
  { key: "follows", label: "Blackbook & Follows", description: "Teams you follow, shown first on the betting page", component: FollowsSection, customerOnly: true },
];

const WALLET_TABS = ["deposit", "withdraw", "transactions"] as const;
type WalletTab = (typeof WALLET_TABS)[number];

function useHashSection(): string | null {
  const read = () => (typeof window === "undefined" ? "" : decodeURIComponent(window.location.hash.slice(1)));
  const [hash, setHash] = useState<string>("");
  useEffect(() => {
    setHash(read());
    const on = () => setHash(read());
    window.addEventListener("hashchange", on);
    return () => window.removeEventListener("hashchange", on);
  }, []);
  return hash || null;
}

/** A demo account's address is a generated id nobody can read or write to: say there is none. */
export const DEMO_EMAIL_TEXT = "No email (demo account)";
function shownEmail(user: CurrentUser): string {
  return user.isDemoUser ? DEMO_EMAIL_TEXT : user.email;
}

function initials(user: CurrentUser): string {
  const s = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.trim();
  return (s || user.email.charAt(0)).toUpperCase();
}

export function AccountView({ user }: { user: CurrentUser }) {
  const logout = useLogout(user);
  const isCustomer = user.role === "customer";
  const balance = useQuery({ ...customerQueries.balance(), enabled: isCustomer });
  const displayName = `${user.firstName} ${user.lastName}`.trim();
  const section = useHashSection();
  const menu = MENU.filter((m) => isCustomer || !m.customerOnly);
  const menuItem = menu.find((m) => m.key === section);
  const walletTab = (WALLET_TABS as readonly string[]).includes(section ?? "") ? (section as WalletTab) : null;
  const account = useQuery({ ...accountQueries.account(), enabled: isCustomer });
  const kyc = verificationDisplay(
    user.verificationLevel,
    account.data?.user.verificationLevel === user.verificationLevel ? account.data.user.verificationStatus : undefined,
  );
  const open = menuItem ?? walletTab;

  return (
    <div className="acct-app">
      <SiteHeader
        brandHref="/public"
        links={[
          { label: "Home", href: "/public", testId: "nav-home" },
          { label: "Sports", href: "/betting", testId: "nav-sports" },
          { label: "Racing", href: "/betting?tab=racing", testId: "nav-racing" },
        ]}
      >
        <Button variant="outline" color="gray" onClick={() => logout.mutate()} loading={logout.isPending} data-testid="logout-button">
          Logout
        </Button>
      </SiteHeader>

      <main className="acct-main" id="main">
        <Heading as="h1" size="7" mb="4">
          My Account
        </Heading>
        <ExclusionBanner enabled={isCustomer} />
        <VerifyPointer user={user} href="#verification" />

        <Card size="3" className="acct-card" data-testid="account-card">
          <Flex gap={{ initial: "3", sm: "4" }} align="center">
            <Avatar size={{ initial: "4", sm: "5" }} radius="full" fallback={initials(user)} color="green" variant="soft" />
            <div className="acct-card__who">
              <Flex align="center" gap="2" wrap="wrap">
                <Heading as="h2" size="5" data-testid="account-display-name">
                  {displayName || shownEmail(user)}
                </Heading>
                {user.isDemoUser && (
                  <Badge color="amber" variant="soft" data-testid="demo-badge">
                    Demo Account
                  </Badge>
                )}
              </Flex>
              <Text as="div" size="2" color="gray" data-testid="account-email">
                {shownEmail(user)}
              </Text>
            </div>
          </Flex>
          <Separator size="4" my="4" />
          <dl className="acct-facts">
            <div>
              <dt>Email</dt>
              <dd>{shownEmail(user)}</dd>
            </div>
            <div>
              <dt>Display Name</dt>
              <dd>{displayName || "—"}</dd>
            </div>
            {isCustomer && (
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
            )}
          </dl>
          <DebtNotice enabled={isCustomer} />
          {isCustomer && (
            <Flex gap="2" mt="4" wrap="wrap" className="acct-wallet-actions">
              <Button asChild size="2">
                <a href="#deposit" data-testid="open-deposit">Deposit</a>
              </Button>
              <Button asChild size="2" variant="soft">
                <a href="#withdraw" data-testid="open-withdraw">Withdraw</a>
              </Button>
              <Button asChild size="2" variant="soft" color="gray">
                <a href="#transactions" data-testid="open-transactions">Transactions</a>
              </Button>
            </Flex>
          )}
        </Card>

        {open && (
          <div className="acct-back">
            <a href="#" className="acct-back__link" data-testid="back-to-account">
              ← Back to account
            </a>
          </div>
        )}

        {menuItem && <menuItem.component user={user} />}
        {walletTab && isCustomer && <WalletSection user={user} tab={walletTab} />}

        {!open && (
          <Card size="1" className="acct-menu-card" mt="4">
            <nav aria-label="Account settings">
              <ul className="acct-menu">
                {menu.map((m) => (
                  <li key={m.key}>
                    <a href={`#${m.key}`} className="acct-menu__row" data-testid={`account-menu-${m.label}`}>
                      <span className="acct-menu__text">
                        <Text as="span" size="3" weight="medium" className="acct-menu__label">
                          {m.label}
                        </Text>
                        <Text as="span" size="1" color="gray">
                          {m.description}
                        </Text>
                      </span>
                      {m.key === "verification" ? (
                        <Badge color={kyc.color} variant="soft" data-testid="kyc-badge">
                          {kyc.label}
                        </Badge>
                      ) : (
                        <span className="acct-menu__chev" aria-hidden="true">›</span>
                      )}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          </Card>
        )}

        {!isCustomer && !open && (
          <Text as="p" size="2" color="gray" mt="3">
            Verification, rewards, responsible gambling and follows belong to customer accounts.
          </Text>
        )}

        {user.isDemoUser && (
          <Callout.Root color="amber" mt="5" data-testid="demo-account-note">
            <Callout.Text>
              <Text as="span" weight="bold" className="acct-note-title">
                Demo Account Information
              </Text>
              You are using a demo account in a test environment. Balances, bets and results here are simulated
              and no real money is involved. To use every feature and place real bets, you need a real account.
            </Callout.Text>
          </Callout.Root>
        )}
      </main>
      {isCustomer && <RealityCheck user={user} />}
    </div>
  );
}
