import { lazy } from 'react';
import { loadOnce } from './screenCode';

/** Chakra's provider and the app's theme (createSystem): asked for once, by ChakraScreens or ahead of it (screens.ts). */
export const loadChakra = loadOnce(() => import('./chakraProvider'));

/**
 * Chakra's provider with the app's theme, a chunk of its own (`chakraProvider.tsx`): the
 * screens a start draws (the Shell, Home, the login and message screens) are plain
 * (plain.css), so a start evaluates neither Chakra nor the theme (createSystem). Every other
 * screen, the drawers and the snackbars render inside it; the first of them loads it.
 */
export const ChakraScreens = lazy(loadChakra);

/** Screens drawn without Chakra's runtime (plain.css): Home, the screen a start opens most. */
const PLAIN_SCREENS = new Set(['/']);

/** Whether the screen at `pathname` draws without Chakra (the Shell renders it outside ChakraScreens; a start there does not load Chakra). */
export const drawsWithoutChakra = (pathname: string): boolean => PLAIN_SCREENS.has(pathname);
