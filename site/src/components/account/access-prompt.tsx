/** A centred "you need to sign in" card, used by the admin console and the account page. */
import { Card, Flex, Heading, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { BrandMark } from "../public/brand-mark.tsx";
import "./access-prompt.css";

export function AccessPrompt({
  title,
  message,
  children,
  testId,
}: {
  title: string;
  message: string;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <div className="sb-access" data-testid={testId}>
      <Card size="4" className="sb-access__card">
        <Flex direction="column" align="center" gap="4">
          <BrandMark size={40} withName={false} />
          <Heading as="h1" size="6" align="center">
            {title}
          </Heading>
          <Text as="p" color="gray" align="center" size="3">
            {message}
          </Text>
          {children}
        </Flex>
      </Card>
    </div>
  );
}

/** Shown while the signed-in user is being looked up. */
export function LoadingScreen({ label = "Loading…" }: { label?: string }) {
  return (
    <div className="sb-access" role="status" aria-live="polite">
      <Flex direction="column" align="center" gap="3">
        <BrandMark size={36} withName={false} />
        <Text color="gray" size="2">
          {label}
        </Text>
      </Flex>
    </div>
  );
}
