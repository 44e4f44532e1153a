/** A section whose module is not in this build (fantasy until its team lands): an honest notice, no sample data. */
import { Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { LockIcon } from "./icons.tsx";
import type { Section } from "./sections.ts";

export function UnavailableSection({ section, onBack, message }: { section: Section; onBack: () => void; message: string }) {
  return (
    <section className="adm-section" aria-labelledby="adm-section-title" data-testid={`section-${section.id}`}>
      <header className="adm-section__head">
        <Heading as="h1" size="6" id="adm-section-title">
          {section.label}
        </Heading>
        <Text as="p" size="2" color="gray">
          {section.description}
        </Text>
      </header>
      <Card size="3" className="adm-unavailable">
        <Flex direction="column" align="center" gap="3" py="6">
          <span className="adm-unavailable__icon">
            <LockIcon size={22} />
          </span>
          <Text as="p" size="3" align="center" weight="medium">
            {message}
          </Text>
          <Button variant="soft" onClick={onBack} mt="2">
            Go to Dashboard
          </Button>
        </Flex>
      </Card>
    </section>
  );
}
