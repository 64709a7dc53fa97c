import { lazy, Suspense } from 'react';
import { ChakraScreens } from '../chakra';
import { useLostWork } from '../hooks/useLostWork';

const LostWorkNotice = lazy(() => import('./LostWorkNotice').then((m) => ({ default: m.LostWorkNotice })));

/** The lost-work notice when there is one (its code and texts load only then). */
export function LostWorkGate() {
  const note = useLostWork();
  return note ? (
    <Suspense fallback={null}>
      <ChakraScreens>
        <LostWorkNotice note={note} />
      </ChakraScreens>
    </Suspense>
  ) : null;
}
