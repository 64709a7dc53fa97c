// One lint gate: type-aware rules plus the import boundaries of ARCHITECTURE.md.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const replicationOnlyInWorker = {
  group: ['**/replication', '**/replication/*', '../replication/*', '../../replication/*'],
  message: 'src/ui reads RxDB and writes intents; only the sync worker talks to the network.',
};
/** RxDB and Dexie are the page's lazy chunk (src/ui/pageDatabase.ts); types are fine anywhere. */
const pageDatabaseOnly = {
  regex: '(^|/)db(/(index|database|browserDatabase))?$|^rxdb($|/)|^dexie$',
  allowTypeImports: true,
  message: "RxDB loads lazily (src/ui/pageDatabase.ts, via hooks/useDatabase): import the database's RxDB-free files by path, and types from anywhere.",
};

/** Wall-clock reads outside the clock modules (src/clock.ts, server/clock.ts). */
const CLOCK_READS = [
  {
    selector: "MemberExpression[object.name='Date'][property.name='now']",
    message: 'Read the wall clock through clockMs() (src/clock.ts or server/clock.ts).',
  },
  {
    selector: "NewExpression[callee.name='Date'][arguments.length=0]",
    message: 'Read the wall clock through clockDate()/clockIso() (src/clock.ts or server/clock.ts).',
  },
  { selector: "CallExpression[callee.name='Date']", message: 'Read the wall clock through the clock module (src/clock.ts or server/clock.ts).' },
];

/** A route registered by hand: every route is an endpoint-table entry the registrar registers. */
const HAND_REGISTRATION = [
  {
    selector:
      'CallExpression[callee.property.name=/^(get|post|put|patch|delete|head|options|all|route)$/][callee.object.name=/^(app|fastify|instance|server)$/]',
    message: 'Routes are registered by server/http/registrar.ts from the endpoint table (route(...) in server/routes).',
  },
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', '.test-data/**', 'public/**', 'dev-dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/only-throw-error': 'off',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['eslint.config.js', 'scripts/**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    // Every wall-clock read goes through one clock module per side (src/clock.ts,
    // server/clock.ts), so a time-dependent rule takes `now` from there or as a parameter.
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    ignores: ['src/clock.ts', 'server/clock.ts', '**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...CLOCK_READS] },
  },
  {
    // Server layers (issue 21, like Immich's): routes are thin (a table entry and a handler that
    // calls a service), registered only by server/http/registrar.ts; services do the work
    // without HTTP; repositories hold all SQL.
    files: ['server/routes/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/db/schema', '**/db/schema*', 'drizzle-orm', 'drizzle-orm/*'], message: 'Routes call services; SQL lives in server/repositories.' },
          ],
        },
      ],
      'no-restricted-syntax': ['error', ...CLOCK_READS, ...HAND_REGISTRATION],
    },
  },
  {
    files: ['server/**/*.ts'],
    ignores: ['server/http/registrar.ts', 'server/routes/**', 'server/clock.ts'],
    rules: { 'no-restricted-syntax': ['error', ...CLOCK_READS, ...HAND_REGISTRATION] },
  },
  {
    files: ['server/services/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['fastify', 'fastify/*', '@fastify/*'], message: 'Services know nothing of HTTP: the route hands them plain values.' },
            { group: ['**/http/*', '!**/http/errors'], message: 'Services know nothing of HTTP (errors aside).' },
          ],
        },
      ],
    },
  },
  {
    files: ['server/repositories/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['fastify', 'fastify/*', '@fastify/*', '**/http/*', '**/services/*', '**/routes/*'],
              message: 'Repositories hold SQL only: no HTTP, no services.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/ui/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // useDbObservable(make, deps): its deps are checked like useMemo's.
      'react-hooks/exhaustive-deps': ['warn', { additionalHooks: '^useDbObservable$' }],
      'react-hooks/set-state-in-effect': 'off',
      'no-restricted-imports': ['error', { patterns: [replicationOnlyInWorker, { group: ['**/server/**'], message: 'The UI never imports server code.' }] }],
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'The UI never calls the network; write an intent or use the worker RPC.' },
        { name: 'XMLHttpRequest', message: 'The UI never calls the network.' },
      ],
      'no-restricted-properties': ['error', { object: 'window', property: 'fetch', message: 'The UI never calls the network.' }],
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/db/**',
                '**/db',
                '**/replication/**',
                '**/workers/**',
                '**/ui/**',
                '**/server/**',
                'rxdb*',
                'rxdb/**',
                'react*',
                'fastify*',
                'node:*',
                'fs',
                'pg',
                '@electric-sql/*',
              ],
              message: 'src/domain is pure: no I/O.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'fetch', 'indexedDB', 'localStorage', 'document', 'window', 'XMLHttpRequest'],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**', '../server/*', '../../server/*'], message: 'Client code never imports server code.' }] },
      ],
    },
  },
  {
    // The outbox area declares kinds and queues intents; the worker's processor runs them.
    files: ['src/outbox/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/replication', '**/replication/*', '**/workers/*', '**/ui/*', '**/server/**'],
              message: 'src/outbox is network-free: steps are data the sync worker interprets.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'fetch', 'XMLHttpRequest'],
    },
  },
  {
    files: ['src/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [replicationOnlyInWorker, { group: ['**/server/**', '../server/*', '../../server/*'], message: 'The UI never imports server code.' }] },
      ],
    },
  },
  {
    // The UI and the outbox reach RxDB and Dexie only through src/ui/pageDatabase.ts, a lazy
    // chunk: a start draws Home from the rows kept with its picture before the page's database
    // code has loaded (issue 24). Their modules import the database's RxDB-free files by path.
    files: ['src/ui/**/*.{ts,tsx}', 'src/outbox/**/*.ts'],
    ignores: ['src/ui/pageDatabase.ts', '**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [pageDatabaseOnly] }] },
  },
  {
    // A start draws these (src/ui/App.tsx, the Shell, Home and what they import statically):
    // plain React and plain.css, so a start evaluates neither Chakra nor the theme's
    // createSystem (issue 24: the live list, Lighthouse's blocking time). Chakra is reached
    // through chakra.tsx's lazy provider, by every other screen, the drawers and the snackbars.
    files: [
      'src/ui/App.tsx',
      'src/ui/Shell.tsx',
      'src/ui/chakra.tsx',
      'src/ui/toaster.tsx',
      'src/ui/homeSnapshot.ts',
      'src/ui/plain/*.tsx',
      'src/ui/hooks/*.ts',
      'src/ui/routes/Home.tsx',
      'src/ui/routes/Login.tsx',
      'src/ui/routes/ErrorScreen.tsx',
      'src/ui/components/{AppBar,SyncIndicator,NotificationsButton,NavIcon,ClientTooOldBanner,ImpersonationBar,BackButton,Loading,MessageScreen,HomeEmptyState,FilterChips,OrderCard,VirtualOrderList,OutboxStatusBadge,RequireAuth,LostWorkGate,FetchFailureSnackbars,DeliverySentSnackbars}.tsx',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@chakra-ui/*', '@emotion/*', '**/theme', '**/chakraProvider'],
              allowTypeImports: true,
              message: 'A start draws without Chakra (ARCHITECTURE.md): use src/ui/plain, or render inside ChakraScreens (chakra.tsx).',
            },
            pageDatabaseOnly,
          ],
        },
      ],
    },
  },
  {
    // A fresh /login loads only these (src/ui/main.tsx): no Chakra, no router, no database on
    // the page (types are fine), so a slow phone can paint and use the form (issue 10). The
    // app behind it is a dynamic import.
    files: [
      'src/ui/main.tsx',
      'src/ui/routes/LoginScreen.tsx',
      'src/ui/hooks/useWorkerLoginState.ts',
      'src/ui/hooks/useNavigatorOnline.ts',
      'src/ui/components/EnvironmentBadge.tsx',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@chakra-ui/*', '@emotion/*', 'react-router', 'react-router/*', 'rxdb', 'rxdb/*', 'dexie'],
              message: 'The first-load login path stays without Chakra, the router and RxDB (ARCHITECTURE.md).',
            },
            {
              group: ['**/db', '**/db/*', '**/hooks/useDatabase', '**/hooks/useAuth', '**/hooks/useSessionNotes', '**/hooks/useSyncStatus'],
              allowTypeImports: true,
              message: 'The first-load login path opens no database on the page: read the worker (useWorkerLoginState).',
            },
            { group: ['./App', '../App'], allowTypeImports: true, message: 'The app is a dynamic import on the login path.' },
          ],
        },
      ],
    },
  },
);
