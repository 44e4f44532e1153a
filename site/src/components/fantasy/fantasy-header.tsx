/**
 * Top bar of /fantasy: brand, who is signed in (with a Demo badge), the wallet balance and Logout / Log in.
 * Signed in or not it has one height (fantasy.css), and its right-hand group is packed from the right
 * with a fixed slot for Logout / Log in, so nothing moves when the session and balance arrive.
 */
import { Badge, Button, Flex, Text } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { formatMoney } from "../../lib/format.ts";
import { customerQueries } from "../../lib/queries-customer.ts";
import { useCurrentUser, useLogout } from "../betting/session.tsx";

export function FantasyHeader() {
  const { data: user, isPending: userPending } = useCurrentUser();
  const balance = useQuery({ ...customerQueries.balance(), enabled: !!user && user.role === "customer" });
  const { logout, pending } = useLogout();

  return (
    <header className="fx-header">
      <a href="/" className="fx-brand">
        <span className="fx-brand__mark" aria-hidden="true">B</span>
        <span className="fx-brand__name">
          Bet<span>Pro</span>
        </span>{" "}
        <span className="fx-brand__tag">FANTASY</span>
        {/* The link's name is its visible text plus where it goes (no aria-label to disagree with it). */}
        <span className="fx-sr"> home</span>
      </a>
      <Flex align="center" gap={{ initial: "2", sm: "3" }} className="fx-header__right">
        {user && (
          <Flex align="center" gap="2">
            <Text size="2" weight="medium" className="fx-hide-xs" data-testid="user-name">
              {user.firstName} {user.lastName}
            </Text>
            {user.isDemoUser && (
              <Badge color="amber" variant="soft" data-testid="demo-badge">
                Demo
              </Badge>
            )}
          </Flex>
        )}
        {user && user.role === "customer" && (
          <div className="fx-balance">
            <Text size="1" color="gray" className="fx-balance__label">
              Balance
            </Text>
            <Text size="2" weight="bold" data-testid="balance">
              {balance.data ? formatMoney(balance.data.balance) : balance.isError ? "—" : "…"}
            </Text>
          </div>
        )}
        <div className="fx-header__auth">
          {user ? (
            <Button variant="outline" color="gray" onClick={() => void logout()} disabled={pending} data-testid="logout">
              Logout
            </Button>
          ) : (
            !userPending && (
              <Button asChild>
                <a href="/api/login?next=/fantasy" data-testid="login">
                  Log in
                </a>
              </Button>
            )
          )}
        </div>
      </Flex>
    </header>
  );
}
