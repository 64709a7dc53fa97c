// Each integration file's setup (vitest.config.ts): today's PGlite template is built, if it is
// missing, before the file's first test, under the hook's timeout (test/support/server.ts).
import { beforeAll } from 'vitest';
import { warmTemplate } from './server';

beforeAll(() => warmTemplate());
