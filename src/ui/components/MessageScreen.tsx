import { Button, Heading, Text, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface Props {
  title: string;
  lines: ReactNode[];
  onHome: () => void;
}

/** The layout shared by the not-found and the generic error screens (SPEC §2). */
export function MessageScreen({ title, lines, onHome }: Props) {
  return (
    <VStack gap="4" py="16" px="6" textAlign="center">
      <Heading as="h1" fontSize="3xl" color="primary.fg">
        {title}
      </Heading>
      {lines.map((line, i) => (
        <Text key={i} color={i === 0 ? 'fg' : 'fg.muted'}>
          {line}
        </Text>
      ))}
      <Button colorPalette="primary" onClick={onHome}>
        Back to Home Page
      </Button>
    </VStack>
  );
}
