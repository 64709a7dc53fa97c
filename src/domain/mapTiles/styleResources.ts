// What a maplibre style needs from the network besides itself, read from its JSON: the tile
// sources (inline `tiles` templates, or a TileJSON at `url`), the sprite sheets and the glyph
// ranges of the fonts its labels use. Kept with the tiles, they let the online style draw
// offline with its roads and place names. Unknown or malformed parts are skipped, never fatal.
import * as v from 'valibot';

const zoom = v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(30)));
const SourceView = v.looseObject({
  type: v.string(),
  url: v.optional(v.string()),
  tiles: v.optional(v.array(v.string())),
  scheme: v.optional(v.picklist(['xyz', 'tms'])),
  minzoom: zoom,
  maxzoom: zoom,
});
const StyleView = v.looseObject({
  sources: v.optional(v.record(v.string(), v.unknown()), {}),
  sprite: v.optional(v.union([v.string(), v.array(v.looseObject({ id: v.string(), url: v.string() }))])),
  glyphs: v.optional(v.string()),
  layers: v.optional(v.array(v.unknown()), []),
});
const LayerView = v.looseObject({
  type: v.string(),
  layout: v.optional(v.looseObject({ 'text-field': v.optional(v.unknown()), 'text-font': v.optional(v.unknown()) })),
});
/** A TileJSON document (the part maplibre reads for tiles). */
const TileJsonView = v.looseObject({
  tiles: v.array(v.string()),
  scheme: v.optional(v.picklist(['xyz', 'tms'])),
  minzoom: zoom,
  maxzoom: zoom,
});

/** The kinds of source whose tiles are kept (terrain and GeoJSON are not basemap tiles). */
const TILED = new Set(['vector', 'raster']);
/** The style spec's default font stack when a label names none. */
const DEFAULT_FONTS = ['Open Sans Regular', 'Arial Unicode MS Regular'];
/** Latin-1: every letter of English and Spanish place names. maplibre draws a glyph of another range locally. */
const GLYPH_RANGES = ['0-255'];

export interface TileTemplates {
  templates: string[];
  scheme: 'xyz' | 'tms';
  minzoom: number;
  maxzoom: number;
}

/** A tiled source of the style: its templates, or the TileJSON that holds them. */
export type StyleTileSource = { id: string; tileJsonUrl: string; zooms: { minzoom?: number; maxzoom?: number } } | ({ id: string } & TileTemplates);

export interface StyleResources {
  sources: StyleTileSource[];
  /** Sprite sheets (1x and 2x, JSON and PNG) and glyph ranges: absolute URLs. */
  assets: string[];
}

function withPath(url: string, suffix: string): string | null {
  try {
    const parsed = new URL(url);
    parsed.pathname += suffix;
    return parsed.href;
  } catch {
    return null;
  }
}

/** Font stacks named by the style's labels: literal arrays only (an expression's fonts are not guessed). */
function fontStacks(layers: readonly unknown[]): string[] {
  const stacks = new Set<string>();
  for (const raw of layers) {
    const layer = v.safeParse(LayerView, raw);
    if (!layer.success || layer.output.type !== 'symbol' || layer.output.layout?.['text-field'] === undefined) continue;
    const named: unknown = layer.output.layout['text-font'] ?? DEFAULT_FONTS;
    const fonts: unknown = Array.isArray(named) && named[0] === 'literal' ? named[1] : named;
    if (Array.isArray(fonts) && fonts.length > 0 && fonts.every((f) => typeof f === 'string')) stacks.add(fonts.join(','));
  }
  return [...stacks];
}

export function styleResources(style: unknown): StyleResources {
  const parsed = v.safeParse(StyleView, style);
  if (!parsed.success) return { sources: [], assets: [] };
  const { sources: rawSources, sprite, glyphs, layers } = parsed.output;
  const sources: StyleTileSource[] = [];
  for (const [id, raw] of Object.entries(rawSources)) {
    const source = v.safeParse(SourceView, raw);
    if (!source.success || !TILED.has(source.output.type)) continue;
    const { tiles, url, scheme = 'xyz', minzoom, maxzoom } = source.output;
    if (tiles && tiles.length > 0) sources.push({ id, templates: tiles, scheme, minzoom: minzoom ?? 0, maxzoom: maxzoom ?? 22 });
    else if (url) sources.push({ id, tileJsonUrl: url, zooms: { minzoom, maxzoom } });
  }
  const assets: string[] = [];
  const sprites = typeof sprite === 'string' ? [sprite] : (sprite ?? []).map((s) => s.url);
  for (const base of sprites)
    for (const file of ['.json', '.png', '@2x.json', '@2x.png']) {
      const url = withPath(base, file);
      if (url) assets.push(url);
    }
  if (glyphs)
    for (const stack of fontStacks(layers))
      for (const range of GLYPH_RANGES) {
        const url = glyphs.replace('{fontstack}', stack).replace('{range}', range);
        if (URL.canParse(url)) assets.push(new URL(url).href);
      }
  return { sources, assets };
}

/** A TileJSON's templates, the style's own zooms taking precedence as in maplibre; null when it names no tiles. */
export function tileJsonTemplates(json: unknown, zooms: { minzoom?: number; maxzoom?: number } = {}): TileTemplates | null {
  const parsed = v.safeParse(TileJsonView, json);
  if (!parsed.success || parsed.output.tiles.length === 0) return null;
  const { tiles, scheme = 'xyz', minzoom, maxzoom } = parsed.output;
  return { templates: tiles, scheme, minzoom: zooms.minzoom ?? minzoom ?? 0, maxzoom: zooms.maxzoom ?? maxzoom ?? 22 };
}
