import { useMatches } from 'react-router';
import type { ScreenHandle } from './useScreenTitle';

/**
 * Asks for the code of the screen on show (its route's `handle.load`, screens.ts) while it
 * renders: a lazy screen inside a boundary that suspends first (ChakraScreens, the Shell) would
 * otherwise be asked for only once that boundary's own code had arrived and rendered. Each
 * load is asked for once (screenCode.ts), so calling it on every render costs nothing.
 */
export function useScreenCodeAhead(ahead: boolean): void {
  const matches = useMatches();
  if (!ahead) return;
  // A load that fails is the lazy screen's to report (React.lazy asks again and throws).
  for (const match of matches) void (match.handle as ScreenHandle | undefined)?.load?.().catch(() => undefined);
}
