import { lazy } from 'react';

/**
 * Chakra's provider with the app's theme, a chunk of its own (`chakraProvider.tsx`): the
 * screens a start draws (the Shell, Home, the login and message screens) are plain
 * (plain.css), so a start evaluates neither Chakra nor the theme (createSystem). Every other
 * screen, the drawers and the snackbars render inside it; the first of them loads it.
 */
export const ChakraScreens = lazy(() => import('./chakraProvider'));
