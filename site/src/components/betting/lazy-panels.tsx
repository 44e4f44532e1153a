/**
 * The betting page's panels that are not part of its first screen, each loaded on demand (its own
 * chunk) so the page's initial JavaScript stays within its budget (docs/benchmarks.md):
 * - My Bets with cash out: below the slip and the live odds, and a signed-in customer's bets
 *   arrive from the API after the page has loaded anyway;
 * - the reality check: a dialog that appears after the customer's interval, never at once.
 * While a panel loads it shows what it shows while its data loads, in the same room.
 */
import { Card, Heading, Text } from "@radix-ui/themes";
import { lazy, Suspense, type ComponentProps } from "react";

const MyBetsPanel = lazy(() => import("./my-bets.tsx").then((m) => ({ default: m.MyBets })));
const RealityCheckDialog = lazy(() => import("../session/reality-check.tsx").then((m) => ({ default: m.RealityCheck })));

export function MyBets(props: ComponentProps<typeof MyBetsPanel>) {
  return (
    <Suspense
      fallback={
        <Card className="sb-mybets" data-testid="my-bets-loading" aria-busy="true">
          <Heading as="h2" size="3" mb="2">
            My Bets
          </Heading>
          <Text as="p" size="2" color="gray">
            Loading bets...
          </Text>
        </Card>
      }
    >
      <MyBetsPanel {...props} />
    </Suspense>
  );
}

export function RealityCheck(props: ComponentProps<typeof RealityCheckDialog>) {
  return (
    <Suspense fallback={null}>
      <RealityCheckDialog {...props} />
    </Suspense>
  );
}

