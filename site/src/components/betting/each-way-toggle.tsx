/**
 * The slip's each-way checkbox, loaded when a single with each-way terms is first in the slip: the
 * checkbox (Radix's, with its state machinery) is not part of the betting page's first screen.
 * Until it has loaded the terms show as plain text in the same place, so nothing moves.
 */
import { Flex, Text } from "@radix-ui/themes";
import { lazy, Suspense, type ComponentProps } from "react";
import { eachWayLabel } from "./each-way.ts";

const EachWayCheckbox = lazy(() => import("./each-way-checkbox.tsx"));

export function EachWayToggle(props: ComponentProps<typeof EachWayCheckbox>) {
  return (
    <Suspense
      fallback={
        <Flex direction="column" gap="1" mt="1" data-testid="each-way-loading">
          <Text as="div" size="1">
            {eachWayLabel(props.terms)}
          </Text>
        </Flex>
      }
    >
      <EachWayCheckbox {...props} />
    </Suspense>
  );
}
