import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe, animationStyles, badgeRecipe, breakpoints, buttonRecipe, cardSlotRecipe, cssVarsPrefix, cssVarsRoot,
  dataListSlotRecipe, dialogSlotRecipe, drawerSlotRecipe, emptyStateSlotRecipe, fieldSlotRecipe, globalCss, headingRecipe,
  inputRecipe, keyframes, layerStyles, semanticTokens, skeletonRecipe, spinnerRecipe, textareaRecipe, textStyles,
  toastSlotRecipe, tokens,
} from '@chakra-ui/react/theme';

// SPEC §9 theme: primary light blue, secondary magenta, success green, warning yellow,
// error red, light grey background, corner radius 15, toolbar 64 (compact 56), headings
// 1.2rem / 1rem / 0.8rem. Palettes are full scales so Chakra's colorPalette prop works.

const scale = (values: Record<string, string>) => Object.fromEntries(Object.entries(values).map(([k, value]) => [k, { value }]));

const palette = (name: string, solid: string, contrast: string) => ({
  solid: { value: solid },
  contrast: { value: contrast },
  fg: { value: `{colors.${name}.700}` },
  muted: { value: `{colors.${name}.100}` },
  subtle: { value: `{colors.${name}.50}` },
  emphasized: { value: `{colors.${name}.200}` },
  focusRing: { value: `{colors.${name}.500}` },
});

export const TOOLBAR_HEIGHT = { base: '56px', sm: '64px' } as const;

// Only the recipes of the components we use (Chakra's bundle-optimization guide): the
// full default theme alone costs ~30 KB gzipped of first-load JS.
const base = defineConfig({
  preflight: true,
  cssVarsRoot,
  cssVarsPrefix,
  globalCss,
  theme: {
    breakpoints, keyframes, tokens, semanticTokens, textStyles, layerStyles, animationStyles,
    recipes: { badge: badgeRecipe, button: buttonRecipe, heading: headingRecipe, input: inputRecipe, skeleton: skeletonRecipe, spinner: spinnerRecipe, textarea: textareaRecipe },
    slotRecipes: {
      alert: alertSlotRecipe, card: cardSlotRecipe, dataList: dataListSlotRecipe, dialog: dialogSlotRecipe, drawer: drawerSlotRecipe,
      emptyState: emptyStateSlotRecipe, field: fieldSlotRecipe, toast: toastSlotRecipe,
    },
  },
});

const config = defineConfig({
  globalCss: {
    'html, body': { bg: 'appBg', minHeight: '100%' },
    body: { WebkitTapHighlightColor: 'transparent' },
  },
  theme: {
    tokens: {
      colors: {
        primary: scale({
          50: '#eaf6fd', 100: '#d0ebfa', 200: '#a6d9f5', 300: '#7cc7f0', 400: '#62bdec',
          500: '#4fb3e8', 600: '#2b9bd6', 700: '#1d7bae', 800: '#185f86', 900: '#134a68', 950: '#0b2d40',
        }),
        secondary: scale({
          50: '#fdeaf5', 100: '#fad0e8', 200: '#f4a1d1', 300: '#ec6db6', 400: '#e2409d',
          500: '#d01f86', 600: '#b0146f', 700: '#8c1059', 800: '#6b0d45', 900: '#4f0a33', 950: '#30061f',
        }),
      },
      fontSizes: { h1: { value: '1.2rem' }, h2: { value: '1rem' }, h3: { value: '0.8rem' } },
      sizes: { toolbar: { value: '64px' }, toolbarCompact: { value: '56px' } },
    },
    semanticTokens: {
      colors: {
        appBg: { value: '#f2f4f7' },
        // 600, not 500: white text on the lighter blue is hard to read in sunlight.
        primary: palette('primary', '{colors.primary.600}', 'white'),
        secondary: palette('secondary', '{colors.secondary.500}', 'white'),
      },
      radii: { l2: { value: '10px' }, l3: { value: '15px' } },
    },
  },
});

export const system = createSystem(defaultBaseConfig, base, config);
