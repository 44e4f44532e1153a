/** One account-page section: a heading (focused when the section opens), a lead, and its content. */
import { Card, Heading, Text } from "@radix-ui/themes";
import { useEffect, useRef, type ReactNode } from "react";

export function Section({ id, title, lead, children }: { id: string; title: string; lead?: ReactNode; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus({ preventScroll: false }), [id]);
  return (
    <section className="acct-section" aria-labelledby={`${id}-title`} data-testid={`section-${id}`}>
      <Heading as="h2" size="5" id={`${id}-title`} ref={heading} tabIndex={-1} className="acct-section__title">
        {title}
      </Heading>
      {lead && (
        <Text as="p" size="2" color="gray" mb="4">
          {lead}
        </Text>
      )}
      {children}
    </section>
  );
}

export function Panel({ title, children, testId }: { title?: string; children: ReactNode; testId?: string }) {
  return (
    <Card size="2" className="acct-panel" data-testid={testId}>
      {title && (
        <Heading as="h3" size="3" mb="3">
          {title}
        </Heading>
      )}
      {children}
    </Card>
  );
}
