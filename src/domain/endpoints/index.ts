export * from './answers';
export * from './table';
