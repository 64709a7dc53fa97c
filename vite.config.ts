import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { version } from './package.json';
import { KEPT_CACHE_NAME } from './src/domain/mapTiles/budget';
import { chakraPrebuiltGlobal } from './scripts/vite/chakraGlobalCss';
import { classicVendor } from './scripts/vite/classicVendor';
import { documentHead } from './scripts/vite/documentHead';
import { loginPage } from './scripts/viteLoginPage';

const root = fileURLToPath(new URL('.', import.meta.url));
const SYNC_WORKER_ENTRY = 'sync-worker';

// The API server runs on 8080 in development too; the dev server proxies to it so the
// client always talks to its own origin.
const api = process.env.API_URL ?? 'http://localhost:8080';
const proxied = ['/api', '/auth', '/secure', '/upload', '/files', '/send-email', '/openapi.json'];

export default defineConfig({
  // The app version the tech-support screen shows (src/ui/appVersion.ts).
  define: { __APP_VERSION__: JSON.stringify(version) },
  plugins: [
    react(),
    chakraPrebuiltGlobal(),
    // The head lines index.html and login.html share.
    documentHead(),
    // /login's own document: the sign-in form in HTML, usable before the app's code (scripts/viteLoginPage.ts).
    ...loginPage(root, `${SYNC_WORKER_ENTRY}.js`),
    // React, react-router and i18next as a classic script, which Chromium code-caches (after
    // loginPage: login.html preloads it after the sign-in's own code).
    ...classicVendor(),
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icons/*.png'],
      manifest: {
        name: 'Driver App',
        short_name: 'Driver',
        description: 'Deliveries for drivers, online or not.',
        theme_color: '#4fb3e8',
        background_color: '#f2f4f7',
        display: 'standalone',
        start_url: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // RxDB's dev-mode and schema-validation chunks load only in development builds.
        globIgnores: ['**/dev-mode-*.js', '**/validate-ajv-*.js'],
        // The map must open offline: maplibre (~1.0 MB) and the shipped basemap (us-atlas
        // counties, ~0.85 MB) are precached with the rest. Workbox skips files above this
        // size silently (default 2 MiB), so the limit is set here with room to spare.
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/auth\//, /^\/secure\//, /^\/upload/, /^\/files\//, /^\/openapi\.json/],
        // The map's style, tiles, sprites and fonts (the only cross-origin requests the CSP
        // allows: MAP_ORIGINS): the network first, and when it fails or hangs for 5 s the copy
        // the sync worker keeps of the area around the orders (src/replication/mapTiles). The
        // service worker never writes that cache: the keeper owns it and its budget. The
        // keeper's own requests (no-store) are not answered from it.
        runtimeCaching: [
          {
            urlPattern: ({ sameOrigin, request }) => !sameOrigin && request.method === 'GET' && request.cache !== 'no-store',
            handler: 'NetworkFirst',
            options: {
              cacheName: KEPT_CACHE_NAME,
              networkTimeoutSeconds: 5,
              plugins: [{ cacheWillUpdate: () => Promise.resolve(null) }],
            },
          },
        ],
        cleanupOutdatedCaches: true,
        // Take control of the page that installed the worker: a driver who opens the app
        // once and drives off must be able to reload it offline without a second visit.
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
  ],
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    sourcemap: false,
    // The sync worker is a second entry of the page's build, not a separate worker build, so
    // the code both load (RxDB, Dexie, the domain, the outbox registry) lands in shared chunks
    // the browser fetches once. Its entry keeps a fixed name the page can point at
    // (src/workers/syncWorkerUrl.ts); the server serves it no-cache, like the shell.
    rolldownOptions: {
      input: {
        index: resolve(root, 'index.html'),
        login: resolve(root, 'login.html'),
        [SYNC_WORKER_ENTRY]: resolve(root, 'src/workers/sync.worker.ts'),
      },
      output: {
        entryFileNames: (chunk) => (chunk.name === SYNC_WORKER_ENTRY ? `${SYNC_WORKER_ENTRY}.js` : 'assets/[name]-[hash].js'),
      },
    },
  },
  server: { proxy: Object.fromEntries(proxied.map((p) => [p, api])) },
});
