import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

// Five suites, one runner. Integration, sync and e2e start real servers and databases.
// Integration runs its files one at a time, sync and e2e two at a time (below: their files
// mostly wait), all without isolation: a worker runs a suite's files in turn and imports the
// server, the client and their libraries once (isolated, each file paid ~2-4 s of imports).
// Their files share no module state: each starts its own server, database and devices
// (test/support). Each suite has its own groupOrder, so a suite's workers never wait for
// another project's worker count. unit runs in worker threads, which start faster than the
// default child processes (~15% of its time).
const oneWorker = { fileParallelism: false, isolate: false } as const;

// Unit files that replace modules (vi.mock) run isolated from each other's mocks: a module
// evaluated for one file stays bound to that file's mocks, so before each such file its worker
// evaluates the project's modules afresh (test/support/freshModules.ts) and keeps the libraries
// (a worker per file, as before, loaded React, Chakra and RxDB once per file: ~49 CPU-s for 15
// files, ~13 shared). The other files share their workers' imports outright (isolated, the
// suite spent 32 s of its 57 s importing React, Chakra and RxDB once per file). Decided by
// reading the files, so a new file that mocks is isolated without anyone listing it.
const UNIT_DIR = 'test/unit';
const mocksModules = (file: string): boolean => /\bvi\.(mock|doMock)\(/.test(readFileSync(`${UNIT_DIR}/${file}`, 'utf8'));
const unitFiles = readdirSync(UNIT_DIR).filter((file) => /\.test\.tsx?$/.test(file));
const isolatedUnit = unitFiles.filter(mocksModules).map((file) => `${UNIT_DIR}/${file}`);
// What a shared worker must not carry from one file to the next.
const restoreAfterEach = { restoreMocks: true, unstubGlobals: true, unstubEnvs: true, setupFiles: ['test/support/unitSetup.ts'] };

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.{ts,tsx}'],
          exclude: isolatedUnit,
          environment: 'node',
          pool: 'threads',
          isolate: false,
          ...restoreAfterEach,
        },
      },
      {
        test: {
          name: 'unit-isolated',
          include: isolatedUnit,
          environment: 'node',
          pool: 'threads',
          isolate: false,
          ...restoreAfterEach,
          setupFiles: ['test/support/freshModules.ts', ...restoreAfterEach.setupFiles],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['test/support/integrationSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          ...oneWorker,
          sequence: { groupOrder: 1 },
        },
      },
      {
        // The same integration suite against a real PostgreSQL (DATABASE_URL mode): the global
        // setup finds or starts one and never skips; the env flag makes startTestServer use it.
        // test/integration-pg holds what needs PostgreSQL (several instances on one database).
        test: {
          name: 'integration-pg',
          include: ['test/integration/**/*.test.ts', 'test/integration-pg/**/*.test.ts'],
          environment: 'node',
          env: { DRIVER_APP_TEST_DB: 'postgres' },
          globalSetup: ['test/support/pgGlobalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          ...oneWorker,
          sequence: { groupOrder: 2 },
        },
      },
      {
        test: {
          name: 'sync',
          include: ['test/sync/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Two files at a time, as e2e: the slowest files wait on a throttled link or a
          // transport time-out in real time (weakUplink, signalReturns, replayScenarios; the
          // suite took 706 s one at a time at 409e834). Each file has its own server, ports
          // and PWADB names.
          fileParallelism: true,
          maxWorkers: 2,
          // A file's concurrent tests, two at a time (replayScenarios).
          maxConcurrency: 2,
          isolate: false,
          sequence: { groupOrder: 3 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 240_000,
          hookTimeout: 300_000,
          // Two files at a time: a browser file mostly waits (its page's timers, polls, the
          // server's answers; ~30% of a core measured at 7a94d32), and each has its own server,
          // proxy and Chromium on free ports and its own screenshot names.
          fileParallelism: true,
          maxWorkers: 2,
          isolate: false,
          sequence: { groupOrder: 4 },
        },
      },
    ],
  },
});
