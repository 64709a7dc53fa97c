// X-Contract-Version on every API call (src/domain/contract.ts): an unsupported (too old)
// version → 426 {error: 'ClientTooOld', message}; a malformed one → 400. Health, the OpenAPI
// document and the PWA's own files answer every version (an old build must still be able to
// fetch the new one). A request without the header is treated as the current version.
import type { FastifyInstance } from 'fastify';
import { CONTRACT_VERSION_HEADER, contractIncompatibility } from '../../src/domain';
import { isProtectedPath } from './auth';
import { HttpError } from './errors';

/** The API paths the contract covers: every protected path plus sign-in. */
export function isContractPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return isProtectedPath(path) || path === '/auth' || path.startsWith('/auth/');
}

/** `minVersion` is read on every call, so a test (or an operator hook) can raise it live. */
export function installContractVersion(app: FastifyInstance, minVersion: () => number): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const problem = isContractPath(request.url) ? contractIncompatibility(request.headers[CONTRACT_VERSION_HEADER], minVersion()) : null;
    if (problem === 'ClientTooOld') done(new HttpError(426, 'ClientTooOld'));
    else if (problem === 'InvalidContractVersion') done(new HttpError(400, 'InvalidRequest', 'X-Contract-Version must be a positive integer'));
    else done();
  });
}
