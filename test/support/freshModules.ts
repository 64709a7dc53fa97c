// Before each file of the unit-isolated project (the unit files that replace modules with
// vi.mock), in a worker shared by several such files. Vitest keeps each file's mocks apart,
// but a module evaluated for one file stays bound to that file's mocks: so the project's
// modules are evaluated afresh for every file, as in a worker of its own, while the libraries
// (React, Chakra, RxDB) stay loaded. A worker per file loaded them once per file: the
// project's 15 files took ~49 CPU-s that way, ~13 shared.
import { afterAll, vi } from 'vitest';

vi.resetModules();

// The file's PWADB closes with it: the next file opens its own, and RxDB's open-source build
// allows 16 collections at once. Imported here, after the file, to reach the file's instance.
afterAll(async () => {
  await (await import('./uiDatabase')).closeDatabase();
});
