export * from './budget';
export * from './styleResources';
export * from './tiles';
