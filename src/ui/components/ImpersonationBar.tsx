import { Box, Button, Flex, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { mainAppLink, mainAppOrigin, orderOfAddress } from '../../domain';
import { getSyncClient } from '../../workers/client';
import { useImpersonation } from '../hooks/useSessionNotes';
import { t } from '../i18n';

/**
 * SPEC §6: while the office views the app as a driver (an impersonation token from the main
 * app), a bar under the app bar says so and offers End. End signs the viewed driver out and
 * returns to the main app on the sibling host, at the order on screen (orderId, orderType).
 */
export function ImpersonationBar() {
  const note = useImpersonation();
  const navigate = useNavigate();
  const [ending, setEnding] = useState(false);
  if (!note) return null;

  const end = async (): Promise<void> => {
    setEnding(true);
    // The address bar, not the rendered location: the router commits a navigation's render in a
    // transition, so a tap right after opening an order can run with the previous screen's render.
    const here = window.location;
    const origin = mainAppOrigin(here);
    const target = origin ? mainAppLink(origin, orderOfAddress(here.pathname, here.search)) : null;
    await getSyncClient().endImpersonation();
    // No sibling host (an IP, plain localhost): the sign-in screen is the way out.
    if (target) window.location.assign(target);
    else void navigate('/login', { replace: true });
  };

  return (
    <Box as="aside" aria-label={t('common.impersonation.label')} bg="secondary.solid" color="white" data-testid="impersonation-bar">
      <Flex maxW="3xl" mx="auto" px="3" py="2" gap="3" align="center" wrap="wrap">
        <Box flex="1 1 12rem" minW="0">
          <Text fontWeight="bold" fontSize="md" overflowWrap="anywhere">
            {t('common.impersonation.viewingAs', { name: note.name })}
          </Text>
          {note.kept > 0 ? <Text fontSize="sm">{keptText(note.kept, note.kept_for)}</Text> : null}
        </Box>
        <Button
          size="lg"
          variant="solid"
          bg="white"
          color="secondary.fg"
          _hover={{ bg: 'whiteAlpha.900' }}
          loading={ending}
          onClick={() => void end()}
          data-testid="end-impersonation"
        >
          {t('common.impersonation.end')}
        </Button>
      </Flex>
    </Box>
  );
}

/** "Saying so" (SPEC §4): what happened to the unsent work of whoever used this phone before. */
function keptText(kept: number, owner: string | null): string {
  return owner ? t('common.impersonation.keptOwner', { count: kept, owner }) : t('common.impersonation.kept', { count: kept });
}
