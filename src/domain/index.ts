export * from './api';
export * from './auth';
export * from './delivery';
export * from './enums';
export * from './errors';
export * from './order';
export * from './orderId';
export * from './search';
