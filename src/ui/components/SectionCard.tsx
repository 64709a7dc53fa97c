import { Card, Heading } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** One titled card of an order screen (Order, Delivery, Notes…): the same heading level and size everywhere. */
export function SectionCard({ title, testId, children }: { title: ReactNode; testId?: string; children: ReactNode }) {
  return (
    <Card.Root size="sm" data-testid={testId}>
      <Card.Header>
        <Heading as="h3" fontSize="h2">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}
