/**
 * The parts of the bet slip its empty state shows too: the card, its heading and count, the
 * empty note and the selections dropped from a restored slip, the totals and the stake's problem
 * toast. They are part of the betting page's first screen, while the full slip (legs, placement,
 * refusals) loads on demand (bet-slip.tsx): both draw these, so the empty slip looks the same
 * whichever of the two draws it.
 */
import { Badge, Callout, Card, Flex, Heading, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";
import type { SlipProblem } from "../../../../domain/betting/slip.ts";
import { formatMoney } from "../../lib/format.ts";
import type { ToastInput } from "../toast.tsx";
import { useSlip } from "./slip-state.tsx";

/**
 * The slip's card. It stays in place while the full slip loads, so focus given to it (the phone's
 * bottom sheet focuses it on opening) is not lost when the full slip takes over its content.
 */
export function SlipCard({ children }: { children: ReactNode }) {
  return (
    <Card className="sb-slip" data-testid="bet-slip" id="bet-slip" tabIndex={-1} role="region" aria-labelledby="bet-slip-heading">
      {children}
    </Card>
  );
}

/** The heading with the count and `actions` on its right, the empty note, and selections dropped on restore. */
export function SlipHeader({ actions }: { actions?: ReactNode }) {
  const { state } = useSlip();
  const count = state.slip.selections.length;
  return (
    <>
      <Flex justify="between" align="center" mb="3">
        <Flex align="center" gap="2">
          <Heading as="h2" size="3" id="bet-slip-heading">
            Bet Slip
          </Heading>
          <Badge variant="solid" radius="full" data-testid="slip-count">
            {count}
          </Badge>
        </Flex>
        <Flex align="center" gap="2">
          {actions}
        </Flex>
      </Flex>

      {count === 0 && (
        <Text as="p" size="2" color="gray" className="sb-slip__empty">
          Your bet slip is empty. Tap a price to add a selection.
        </Text>
      )}

      {state.removedNames.length > 0 && (
        <Callout.Root color="amber" size="1" mb="2">
          <Callout.Text>No longer available, removed: {state.removedNames.join(", ")}</Callout.Text>
        </Callout.Root>
      )}
    </>
  );
}

/** Total odds ("–" when there is no price to show), and the return and profit once a stake is typed. */
export function SlipTotals({ odds, figures }: { odds: string | null; figures: { ret: number; profit: number } | null }) {
  return (
    <dl className="sb-slip__totals">
      <div>
        <dt>Total odds</dt>
        <dd data-testid="total-odds" data-odds={odds !== null ? "" : undefined}>
          {odds ?? "–"}
        </dd>
      </div>
      {figures && (
        <>
          <div>
            <dt>Potential return</dt>
            <dd className="sb-slip__return" data-testid="potential-return">
              {formatMoney(figures.ret)}
            </dd>
          </div>
          <div>
            <dt>Potential profit</dt>
            <dd data-testid="potential-profit">{formatMoney(figures.profit)}</dd>
          </div>
        </>
      )}
    </dl>
  );
}

const STAKE_PROBLEMS = new Set(["BET.INVALID_STAKE", "BET.STAKE_TOO_LOW", "BET.STAKE_TOO_HIGH"]);

/** The toast for a slip the domain's rules refuse before it is sent. */
export function problemToast(problem: SlipProblem): ToastInput {
  const title = problem.code === "BET.NO_SELECTIONS" ? "No Selections" : STAKE_PROBLEMS.has(problem.code) ? "Invalid Stake" : "Bet Failed";
  return { title, description: problem.message, variant: "destructive" };
}
