import { Button, Heading, Text, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { t } from '../i18n';

interface Props {
  title: string;
  lines: ReactNode[];
  /** What 'Back to Home Page' does; by default a client navigation to Home. */
  onHome?: () => void;
}

/**
 * The layout shared by the not-found, order-not-found and generic error screens (SPEC §2):
 * never a dead end, the button leads Home.
 */
export function MessageScreen({ title, lines, onHome }: Props) {
  const navigate = useNavigate();
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
      <Button colorPalette="primary" onClick={onHome ?? (() => void navigate('/'))}>
        {t('common.backToHome')}
      </Button>
    </VStack>
  );
}
