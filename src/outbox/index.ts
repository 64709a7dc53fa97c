// The outbox area: kinds (a registry), the one queue function and the driver's intents.
// Pure of network: the sync worker's processor (src/replication) interprets the steps.
export * from './types';
export * from './registry';
export * from './payload';
export * from './queue';
export * from './deliver';
export * from './deliveryPayloads';
export * from './entries';
export * from './orderActions';
export * from './optimistic';
export * from './notificationActions';
export * from './snapshotChanges';
export * from './orderNotes';
export * from './intent';
export * from './status';
