// React, react-router and i18next as one classic script (issue 24). Chromium keeps a V8 code
// cache for a classic script and never for a module script: the same 3,000 functions run at load
// took 18.7 ms of evaluation at every load as a module, and as a classic script 22 ms, then 3.1 ms
// from the third load on (the cache consumed). Their functions were most of what an offline cold
// start compiled before its first live card, at every start (ARCHITECTURE.md, "A start's main
// thread"). So the build bundles them into `assets/vendor-classic-<hash>.js`, a deferred classic
// script that index.html runs before its module scripts (login.html, before the page's code), and each import of them
// in the page's code resolves to a small module that reads them from that script's global: one
// copy of React, which Chakra, emotion and the app's code share. The sync worker imports none of
// them. Development (vite serve) keeps the packages as they are.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type RolldownLog } from 'rolldown';
import type { Plugin } from 'vite';

const GLOBAL = '__driverAppVendor';
const SHIM = '\0vendor-classic:';
const ENTRY = '\0vendor-classic-entry';
const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Each package the script carries, the file it is read from, and whether it carries all of it
 * (React's CommonJS builds cannot be tree-shaken) or only the names src/ imports (an import of
 * any other name fails the build: the module standing for the package does not export it).
 * react-router 7's package exports only its development build (dev warnings on), whatever the
 * mode (remix-run/react-router#14753, fixed in 8): its production build is the same code with
 * ENABLE_DEV_WARNINGS false.
 */
const PACKAGES: Readonly<Record<string, { file: string; whole: boolean }>> = {
  react: { file: 'react', whole: true },
  'react/jsx-runtime': { file: 'react/jsx-runtime', whole: true },
  'react-dom': { file: 'react-dom', whole: true },
  'react-dom/client': { file: 'react-dom/client', whole: true },
  'react-router': { file: join(root, 'node_modules/react-router/dist/production/index.mjs'), whole: false },
  i18next: { file: 'i18next', whole: false },
};

/** The names src/ imports from `pkg` (value imports; `default` for a default import). */
function namesImported(pkg: string): string[] {
  const names = new Set<string>();
  const from = new RegExp(`^import\\s+(?!type\\b)([^;]*?)\\s+from\\s+'${pkg.replace(/[/.]/g, '\\$&')}';`, 'gm');
  for (const file of readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(file)) continue;
    for (const [, clause = ''] of readFileSync(join(root, 'src', file), 'utf8').matchAll(from)) {
      const [head = '', braced = ''] = clause.split('{');
      if (head.replace(',', '').trim()) names.add('default');
      for (const part of braced.replace('}', '').split(',')) {
        const name = part.trim().split(/\s+as\s+/)[0] ?? '';
        if (name && !name.startsWith('type ')) names.add(name);
      }
    }
  }
  return [...names].sort();
}

/** Per package: null for all of it, else the names src/ imports. */
type Carried = ReadonlyMap<string, readonly string[] | null>;

function carried(): Carried {
  return new Map(Object.entries(PACKAGES).map(([pkg, { whole }]) => [pkg, whole ? null : namesImported(pkg)]));
}

/** The script's source: each package's namespace (or the names carried) under its name on the global. */
function entrySource(names: Carried): string {
  const lines: string[] = [];
  const members: string[] = [];
  [...names].forEach(([pkg, only], i) => {
    const file = JSON.stringify(PACKAGES[pkg]?.file ?? pkg);
    if (only === null) lines.push(`import * as p${i} from ${file};`);
    else {
      const named = only.filter((n) => n !== 'default');
      const withDefault = only.includes('default');
      lines.push(`import ${withDefault ? `p${i}d, ` : ''}{ ${named.map((n, k) => `${n} as p${i}_${k}`).join(', ')} } from ${file};`);
      lines.push(`const p${i} = { ${withDefault ? `default: p${i}d, ` : ''}${named.map((n, k) => `${n}: p${i}_${k}`).join(', ')} };`);
    }
    members.push(`${JSON.stringify(pkg)}: p${i}`);
  });
  lines.push(`globalThis.${GLOBAL} = { ${members.join(', ')} };`);
  return lines.join('\n');
}

// "use client" directives dropped from a bundle meant for the browser say nothing.
const quiet = (log: RolldownLog): boolean => log.code === 'MODULE_LEVEL_DIRECTIVE';

async function bundleVendor(source: string): Promise<string> {
  const out = await build({
    input: ENTRY,
    cwd: root,
    platform: 'browser',
    plugins: [{ name: 'vendor-classic-entry', resolveId: (id) => (id === ENTRY ? id : null), load: (id) => (id === ENTRY ? source : null) }],
    // react-router asks import.meta.hot (Vite's HMR, absent in a build).
    transform: { define: { 'process.env.NODE_ENV': '"production"', 'import.meta.hot': 'undefined' } },
    onLog: (level, log, handler) => {
      if (!quiet(log)) handler(level, log);
    },
    output: { format: 'iife', minify: true },
    write: false,
  });
  const chunk = out.output[0];
  if (out.output.length !== 1 || chunk.type !== 'chunk') throw new Error('vendor-classic: the bundle is not one script');
  return chunk.code;
}

/** The module standing for `pkg`: the names the script carries, read from its global. */
async function moduleFor(pkg: string, only: readonly string[] | null): Promise<string> {
  const file = PACKAGES[pkg]?.file ?? pkg;
  const all = Object.keys((await import(file.startsWith('/') ? pathToFileURL(file).href : file)) as object);
  const names = (only ?? all).filter((name) => name !== 'default' && /^[A-Za-z_$][\w$]*$/.test(name));
  for (const name of names) if (!all.includes(name)) throw new Error(`vendor-classic: ${pkg} has no export ${name}`);
  return [
    `const m = globalThis.${GLOBAL}?.[${JSON.stringify(pkg)}];`,
    `if (!m) throw new Error('vendor-classic did not run before the app: ${pkg} is missing');`,
    ...((only ?? ['default']).includes('default') ? ['export default m.default;'] : []),
    `export const { ${names.join(', ')} } = m;`,
  ].join('\n');
}

/**
 * Vite plugins: the classic vendor script and the modules that stand for its packages, and its
 * tag in the documents (a plugin of its own, listed after login.html's: its preloads come first).
 */
export function classicVendor(): Plugin[] {
  let fileName = '';
  let code = '';
  let names: Carried = new Map();
  return [
    {
      name: 'driver-app:vendor-classic',
      apply: 'build',
      // Before Vite's own resolver, which would find the packages in node_modules.
      enforce: 'pre',
      async buildStart() {
        names = carried();
        code = await bundleVendor(entrySource(names));
        fileName = `assets/vendor-classic-${createHash('sha256').update(code).digest('hex').slice(0, 10)}.js`;
      },
      resolveId(id) {
        return Object.hasOwn(PACKAGES, id) ? SHIM + id : null;
      },
      load(id) {
        if (!id.startsWith(SHIM)) return null;
        const pkg = id.slice(SHIM.length);
        return moduleFor(pkg, names.get(pkg) ?? null);
      },
      generateBundle() {
        this.emitFile({ type: 'asset', fileName, source: code });
      },
    },
    {
      name: 'driver-app:vendor-classic-tag',
      apply: 'build',
      transformIndexHtml: {
        order: 'post',
        handler(html, ctx) {
          // /login's first module starts the sync worker and must not wait for React: the
          // document preloads the script after the sign-in's own code (the worker's chunks), and
          // src/ui/loginPage.ts runs it before it imports the page's (main.tsx).
          if (/[\\/]login\.html$/.test(ctx.filename))
            return html.replace('</head>', `  <link rel="preload" as="script" href="/${fileName}" data-sign-in data-classic-script>\n  </head>`);
          // Deferred classic and module scripts run in document order once the document is
          // parsed: before the first module script, the packages are there when the app's code runs.
          const first = html.indexOf('<script type="module"');
          if (first < 0) throw new Error(`${ctx.filename} loads no module script`);
          return `${html.slice(0, first)}<script defer src="/${fileName}"></script>\n    ${html.slice(first)}`;
        },
      },
    },
  ];
}
