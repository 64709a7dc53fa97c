import { Box } from '@chakra-ui/react';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AppBar } from './components/AppBar';
import { Loading } from './components/Loading';

/** The signed-in frame: app bar on top, the screen below (lazy screens suspend here). */
export function Shell() {
  return (
    <Box minH="100dvh" bg="appBg">
      <AppBar />
      <Box as="main" maxW="3xl" mx="auto" px="3" pt="4" pb="24">
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
