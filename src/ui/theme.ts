import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  checkboxSlotRecipe,
  fieldsetSlotRecipe,
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  semanticTokens,
  skeletonRecipe,
  spinnerRecipe,
  textareaRecipe,
  textStyles,
  switchSlotRecipe,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';

// SPEC §9 theme: primary light blue, secondary magenta, success green, warning yellow,
// error red, light grey background, corner radius 15, toolbar 64 (compact 56), headings
// 1.2rem / 1rem / 0.8rem. Palettes are full scales so Chakra's colorPalette prop works.
//
// Drivers read this in direct sun and tap it with gloves, so on top of SPEC §9:
// - every text is at least 4.5:1 against its background, 7:1 for the primary actions and
//   the app bar (white on primary.solid). Only lightness moves: the hues stay SPEC's.
//   Measured (WCAG 2 relative luminance): white on primary.solid #155679 7.96:1;
//   primary.fg #155679 on white 7.96:1, on appBg #f2f4f7 7.22:1; fg.muted #52525b 7.73:1 /
//   7.02:1; white on secondary.solid #a41368 7.31:1; white on green.solid #116932 6.79:1;
//   black #09090b on yellow.solid #fde047 15.1:1; fg.error #991919 on white 8.37:1.
// - body text is 16 px: the font-size scale starts at 14 px (2xs and xs, for short labels
//   and badges only) and sm is 16 px like md, so no Chakra part renders 10-12 px text.
// - every control is at least 48x48 px (buttons of every size, inputs, close triggers).

const scale = (values: Record<string, string>) => Object.fromEntries(Object.entries(values).map(([k, value]) => [k, { value }]));

const palette = (name: string, solid: string, fg: string) => ({
  solid: { value: solid },
  contrast: { value: 'white' },
  fg: { value: fg },
  muted: { value: `{colors.${name}.100}` },
  subtle: { value: `{colors.${name}.50}` },
  emphasized: { value: `{colors.${name}.200}` },
  focusRing: { value: `{colors.${name}.600}` },
  border: { value: `{colors.${name}.600}` },
});

/** A semantic colour that is the same in light and dark mode (the app has no dark mode). */
const both = (value: string) => ({ value: { _light: value, _dark: value } });

/** The smallest touch target, in Chakra spacing units (12 = 48 px). */
const TARGET = '12';

/**
 * Chakra's global CSS declares 26 custom properties (ring, filter and backdrop defaults, the
 * global font and border colours) on `*`. Declared on every element, they make each style
 * recalculation merge them with the 400 theme variables the element inherits: on Home a
 * keystroke spent more time restyling two elements than rendering the list. Declared once on
 * `html` they reach every element by inheritance. (We set no ring or filter variable on an
 * ancestor, so inheriting them changes nothing.) Its `font-feature-settings: "cv11"` (an
 * alternate glyph of the Inter font, which phones do not have) goes too: laying out the
 * list's new text on each keystroke took a third longer with it.
 */
function inheritedVariables(css: typeof globalCss): typeof globalCss {
  const { '*': everyElement, html, ...rest } = css as Record<string, Record<string, unknown>>;
  const variables = Object.fromEntries(Object.entries(everyElement ?? {}).filter(([key]) => key.startsWith('--')));
  const others = Object.fromEntries(Object.entries(everyElement ?? {}).filter(([key]) => !key.startsWith('--') && key !== 'fontFeatureSettings'));
  return { ...rest, '*': others, html: { ...html, ...variables } } as typeof globalCss;
}

/**
 * Chakra's colour tokens without the palettes the app never names (teal, cyan, purple, pink):
 * createSystem turns every token into a variable and its CSS while the first screen waits
 * (a third of a second of a phone's main thread at 4× throttle, npm run bench: Lighthouse).
 */
const UNUSED_PALETTES = new Set(['teal', 'cyan', 'purple', 'pink']);
const withoutUnused = <T extends { colors?: unknown }>(group: T): T => ({
  ...group,
  colors: Object.fromEntries(Object.entries(group.colors as Record<string, unknown>).filter(([name]) => !UNUSED_PALETTES.has(name))),
});

// Only the recipes of the components we use (Chakra's bundle-optimization guide): the
// full default theme alone costs ~30 KB gzipped of first-load JS.
const base = defineConfig({
  preflight: true,
  cssVarsRoot,
  cssVarsPrefix,
  globalCss: inheritedVariables(globalCss),
  theme: {
    breakpoints,
    keyframes,
    tokens: withoutUnused(tokens),
    semanticTokens: withoutUnused(semanticTokens),
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      heading: headingRecipe,
      input: inputRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      card: cardSlotRecipe,
      dataList: dataListSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      emptyState: emptyStateSlotRecipe,
      field: fieldSlotRecipe,
      toast: toastSlotRecipe,
      checkbox: checkboxSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      switch: switchSlotRecipe,
    },
  },
});

// Every button size is at least 48x48; the large one (Sign in, Deliver) is 56 px tall. Heights
// are minimums and labels wrap (issue 25): at a large text size a label takes two lines inside
// a taller button instead of running out of it over its neighbour.
const buttonSize = (h: string, textStyle: string) => ({ h: 'auto', minH: h, minW: h, py: '1', textStyle });

const config = defineConfig({
  globalCss: {
    'html, body': { bg: 'appBg', minHeight: '100%' },
    // 1rem, not 16px: text follows the driver's text size (the root font), as every rem does.
    body: { WebkitTapHighlightColor: 'transparent', fontSize: '1rem', lineHeight: '1.5' },
  },
  theme: {
    tokens: {
      colors: {
        // Hue 201° (SPEC's light blue) throughout; 700-950 are darker so text on and in the
        // brand colour stays readable in the sun.
        primary: scale({
          50: '#eaf6fd',
          100: '#d0ebfa',
          200: '#a6d9f5',
          300: '#7cc7f0',
          400: '#62bdec',
          500: '#4fb3e8',
          600: '#2b9bd6',
          700: '#19668f',
          800: '#155679',
          900: '#11445f',
          950: '#0b2b3d',
        }),
        // Hue 325° (SPEC's magenta); 600 darkened from #b0146f so white on it is 7.3:1.
        secondary: scale({
          50: '#fdeaf5',
          100: '#fad0e8',
          200: '#f4a1d1',
          300: '#ec6db6',
          400: '#e2409d',
          500: '#d01f86',
          600: '#a41368',
          700: '#8c1059',
          800: '#6b0d45',
          900: '#4f0a33',
          950: '#30061f',
        }),
      },
      fontSizes: {
        '2xs': { value: '0.875rem' },
        xs: { value: '0.875rem' },
        sm: { value: '1rem' },
        h1: { value: '1.2rem' },
        h2: { value: '1rem' },
        h3: { value: '0.8rem' },
      },
      sizes: { toolbar: { value: '64px' }, toolbarCompact: { value: '56px' }, target: { value: '48px' } },
    },
    textStyles: {
      '2xs': { value: { fontSize: '2xs', lineHeight: '1.25rem' } },
      xs: { value: { fontSize: 'xs', lineHeight: '1.25rem' } },
      sm: { value: { fontSize: 'sm', lineHeight: '1.5rem' } },
      label: { value: { fontSize: 'sm', lineHeight: '1.5rem', fontWeight: 'medium' } },
    },
    semanticTokens: {
      colors: {
        appBg: { value: '#f2f4f7' },
        primary: palette('primary', '{colors.primary.800}', '{colors.primary.800}'),
        secondary: palette('secondary', '{colors.secondary.600}', '{colors.secondary.700}'),
        fg: {
          muted: both('{colors.gray.600}'),
          error: both('{colors.red.700}'),
          warning: both('{colors.yellow.800}'),
          success: both('{colors.green.700}'),
          info: both('{colors.blue.700}'),
        },
        // Input outlines were gray.200 (1.2:1, invisible in the sun); gray.500 is 4.8:1.
        border: { emphasized: both('{colors.gray.500}') },
        // Chakra's green.600 and orange.600 give white text 3.3:1 and 3.6:1.
        green: { solid: both('{colors.green.700}'), focusRing: both('{colors.green.700}') },
        orange: { solid: both('{colors.orange.700}') },
      },
      radii: { l2: { value: '10px' }, l3: { value: '15px' } },
    },
    recipes: {
      button: {
        // Never wider than the box it is in: its label wraps instead (Chakra's buttons do not shrink).
        base: { fontWeight: 'semibold', whiteSpace: 'normal', maxW: 'full' },
        variants: {
          size: {
            '2xs': buttonSize(TARGET, 'sm'),
            xs: buttonSize(TARGET, 'sm'),
            sm: buttonSize(TARGET, 'sm'),
            md: buttonSize(TARGET, 'md'),
            lg: buttonSize('14', 'md'),
            xl: buttonSize('14', 'lg'),
          },
          // Outline buttons: a border that shows in the sun (primary.600 is 3.1:1 on white).
          variant: { outline: { borderColor: 'colorPalette.border', borderWidth: '2px' } },
        },
      },
      input: {
        // A locked form's values stay legible (Chakra's disabled is 50% opacity).
        base: { _disabled: { opacity: 1, color: 'fg.muted' } },
        variants: {
          size: {
            '2xs': { '--input-height': 'sizes.12', textStyle: 'md' },
            xs: { '--input-height': 'sizes.12', textStyle: 'md' },
            sm: { '--input-height': 'sizes.12', textStyle: 'md' },
            md: { '--input-height': 'sizes.12', textStyle: 'md' },
            lg: { '--input-height': 'sizes.14', textStyle: 'md' },
          },
          variant: { outline: { borderColor: 'border.emphasized' } },
        },
      },
      textarea: {
        base: { minH: TARGET, _disabled: { opacity: 1, color: 'fg.muted' } },
        variants: { size: { md: { textStyle: 'md' } }, variant: { outline: { borderColor: 'border.emphasized' } } },
      },
      badge: {
        base: { fontWeight: 'semibold' },
        variants: { size: { sm: { textStyle: 'xs', px: '2', minH: '6' }, md: { textStyle: 'sm', px: '2', minH: '7' } } },
      },
    },
    slotRecipes: {
      // SPEC §9 warning is yellow (Chakra's alert uses orange): yellow.800 text on yellow.50.
      alert: {
        slots: ['title', 'description', 'root', 'indicator', 'content'],
        variants: { status: { warning: { root: { colorPalette: 'yellow' } } } },
      },
      // A disabled field's label stays legible (Chakra's is 50% opacity, 3.7:1): a queued or kept
      // delivery is read on its locked form (issue 23).
      field: {
        slots: ['root', 'errorText', 'helperText', 'requiredIndicator', 'label'],
        base: { errorText: { textStyle: 'sm' }, helperText: { textStyle: 'sm' }, label: { _disabled: { opacity: 1, color: 'fg.muted' } } },
      },
      dataList: {
        slots: ['root', 'item', 'itemLabel', 'itemValue'],
        variants: { size: { sm: { item: { textStyle: 'sm' } }, md: { item: { textStyle: 'md' } } } },
      },
      toast: {
        slots: ['root', 'title', 'description', 'indicator', 'closeTrigger', 'actionTrigger'],
        base: {
          // The dismiss control is an icon: 48 px at any text size, so the text keeps the width.
          root: {
            pe: 'calc(var(--chakra-sizes-target) + 0.5rem)',
            '&[data-type=warning]': { bg: 'yellow.solid', color: 'yellow.contrast', '--toast-trigger-bg': '{black/10}' },
          },
          title: { textStyle: 'md', fontWeight: 'semibold' },
          description: { textStyle: 'md', opacity: '1' },
          actionTrigger: { h: TARGET, minW: TARGET },
          // The dismiss control: a 48x48 target in the toast's own text colour.
          closeTrigger: { top: '0', insetEnd: '0', minW: 'target', minH: 'target', color: 'currentColor', textStyle: 'xl' },
        },
      },
      // A card's padding stays as it is at the usual text size (min of rem and px): at a large
      // text size the text needs the width, not the margins around it (issue 25).
      card: {
        slots: ['root', 'header', 'body', 'footer', 'title', 'description'],
        variants: {
          size: {
            sm: { root: { '--card-padding': 'min(1rem, 16px)' } },
            md: { root: { '--card-padding': 'min(1.5rem, 24px)' } },
            lg: { root: { '--card-padding': 'min(1.75rem, 28px)' } },
          },
        },
      },
      drawer: {
        slots: ['trigger', 'backdrop', 'positioner', 'content', 'title', 'description', 'header', 'body', 'footer', 'closeTrigger'],
        base: { header: { pe: '16' }, closeTrigger: { top: '2', insetEnd: '2' } },
      },
    },
  },
});

export const system = createSystem(defaultBaseConfig, base, config);
