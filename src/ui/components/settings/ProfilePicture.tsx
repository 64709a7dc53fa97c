import { Box, Image, Text } from '@chakra-ui/react';
import { profilePictureBlobId } from '../../../db/settingsDraft';
import { useBlobUrl } from '../../hooks/useBlobUrl';

interface Props {
  /** The saved picture's guid (its bytes kept by the worker), or null. */
  guid: string | null;
  /** A new picture not saved yet (its blob id), shown instead. */
  draftId?: string | null;
  name: string;
  size?: string;
}

/** The profile picture from the blob store (so it shows offline), else the driver's initials. */
export function ProfilePicture({ guid, draftId, name, size = '24' }: Props) {
  const url = useBlobUrl(draftId ?? (guid ? profilePictureBlobId(guid) : ''));
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');
  if (url) return <Image src={url} alt={`Profile picture of ${name}`} boxSize={size} rounded="full" objectFit="cover" data-testid="profile-picture" />;
  return (
    <Box
      boxSize={size}
      rounded="full"
      bg="primary.solid"
      color="primary.contrast"
      display="flex"
      alignItems="center"
      justifyContent="center"
      aria-hidden="true"
    >
      <Text fontSize="2xl" fontWeight="bold">
        {initials || '?'}
      </Text>
    </Box>
  );
}
