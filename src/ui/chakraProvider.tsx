import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { system } from './theme';

/** The app's one Chakra context (chakra.tsx loads this chunk); its global CSS is prebuilt (chakraGlobal.css). */
export default function ChakraScreens({ children }: { children: ReactNode }) {
  return <ChakraProvider value={system}>{children}</ChakraProvider>;
}
