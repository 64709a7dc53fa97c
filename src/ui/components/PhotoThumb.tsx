import { Box, CloseButton, Image, Skeleton } from '@chakra-ui/react';
import type { DraftPhoto } from '../../db';
import { useBlobUrl } from '../hooks/useBlobUrl';

/** A stored photo's thumbnail, read from the blob store (bytes in IndexedDB). */
export function PhotoThumb({ photo, index, disabled, onRemove }: { photo: DraftPhoto; index: number; disabled: boolean; onRemove: () => void }) {
  const url = useBlobUrl(photo.id);

  return (
    <Box position="relative" aspectRatio="1" rounded="l2" overflow="hidden" bg="bg.muted" data-testid="photo-thumb">
      {url ? <Image src={url} alt={`Photo ${index + 1}`} objectFit="cover" w="full" h="full" /> : <Skeleton w="full" h="full" />}
      {!disabled ? (
        <CloseButton
          size="md"
          variant="solid"
          colorPalette="gray"
          position="absolute"
          top="1"
          right="1"
          rounded="full"
          borderWidth="2px"
          borderColor="white"
          boxShadow="md"
          aria-label={`Remove photo ${index + 1}`}
          onClick={onRemove}
        />
      ) : null}
    </Box>
  );
}
