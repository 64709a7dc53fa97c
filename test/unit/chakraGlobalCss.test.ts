// The build ships Chakra's global CSS as a file made from the theme (scripts/vite/chakraGlobalCss.ts)
// instead of computing it on every start; the file must be exactly what the theme gives now, as
// emotion would have inserted it, or the app would paint with stale tokens.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHAKRA_GLOBAL_CSS_FILE, chakraGlobalCssOf } from '../../scripts/vite/chakraGlobalCss';
import { system } from '../../src/ui/theme';

describe('the prebuilt Chakra global CSS', () => {
  it('is what the theme gives (npm run build writes it again when the theme changes)', () => {
    expect(readFileSync(CHAKRA_GLOBAL_CSS_FILE, 'utf8')).toBe(chakraGlobalCssOf(system));
  });

  it('holds the tokens, the preflight and the layers in their order', () => {
    const css = readFileSync(CHAKRA_GLOBAL_CSS_FILE, 'utf8');
    expect(css).toContain('@layer reset, base, tokens, recipes;');
    expect(css).toContain('--chakra-colors-primary-solid:var(--chakra-colors-primary-800)');
    expect(css.indexOf('@layer reset{')).toBeLessThan(css.indexOf('@layer tokens{'));
  });
});
