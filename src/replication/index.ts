export * from './backoff';
export * from './engine';
export * from './http';
export * from './outboxProcessor';
export * from './pull';
export * from './transportError';
export { xhrFetch } from './xhrFetch';
