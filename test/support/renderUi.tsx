import { ChakraProvider } from '@chakra-ui/react';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { system } from '../../src/ui/theme';

// Component tests render under the app's own Chakra system (theme, 48px targets) in a
// happy-dom document: a file opts in with `// @vitest-environment happy-dom` on its first line.
// Testing Library's cleanup after each test is wired in test/support/unitSetup.ts.

function AppProviders({ children }: { children: ReactNode }) {
  return <ChakraProvider value={system}>{children}</ChakraProvider>;
}

/** Renders under the app's providers; the result's rerender keeps them (and the tree's state). */
export function renderUi(ui: ReactNode): RenderResult {
  return render(ui, { wrapper: AppProviders });
}

/** Every CSS text Chakra (emotion) has put in the document. */
const allCss = (): string => [...document.querySelectorAll('style')].map((s) => s.textContent).join('\n');

/** A length in px: `48px`, `3rem`, or a `var(--token)` resolved through the theme's variables. */
function toPx(value: string, css: string): number | null {
  const token = /^var\((--[\w-]+)\)$/.exec(value.trim());
  if (token) {
    const defined = new RegExp(`${token[1]}:\\s*([^;}]+)`).exec(css);
    return defined?.[1] ? toPx(defined[1], css) : null;
  }
  const length = /^([\d.]+)(px|rem)$/.exec(value.trim());
  if (!length) return null;
  return Number(length[1]) * (length[2] === 'rem' ? 16 : 1);
}

/**
 * The height an element is given at least, in px, read from the base rules of its own classes
 * (happy-dom computes no layout, so getComputedStyle has no height to give).
 */
export function minTargetHeightPx(element: Element): number {
  const css = allCss();
  let best = 0;
  for (const name of element.classList) {
    for (const [, body = ''] of css.matchAll(new RegExp(`\\.${name}\\{([^}]*)\\}`, 'g'))) {
      for (const [, prop, value] of body.matchAll(/(?:^|;)\s*(min-height|height):\s*([^;]+)/g)) {
        if (!prop || !value) continue;
        const px = toPx(value, css);
        if (px !== null) best = Math.max(best, px);
      }
    }
  }
  return best;
}
