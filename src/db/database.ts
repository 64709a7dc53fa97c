import { nextTask } from '../clock';
import { addRxPlugin, createRxDatabase, type RxCollectionCreator, type RxDatabase, type RxStorage } from 'rxdb/plugins/core';
import { RxDBLocalDocumentsPlugin } from 'rxdb/plugins/local-documents';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { keepOrderSortKey, ordersMigrations, ordersSchema, type OrdersCollection } from './ordersCollection';
import { onlotDeliveriesMigrations, onlotDeliveriesSchema, type OnlotDeliveriesCollection } from './onlotDeliveriesCollection';
import { outboxMigrations, outboxSchema, type OutboxCollection } from './outboxCollection';
import { moveDeliveriesMigrations, moveDeliveriesSchema, type MoveDeliveriesCollection } from './moveDeliveriesCollection';
import { cacheMigrations, cacheSchema, type CacheCollection } from './cacheCollection';
import { customerDeliveriesMigrations, customerDeliveriesSchema, type CustomerDeliveriesCollection } from './customerDeliveriesCollection';

// SPEC §3 names the store PWADB; RxDB requires database names to start lowercase.
export const DATABASE_NAME = 'pwadb';

export interface Collections {
  orders: OrdersCollection;
  onlot_deliveries: OnlotDeliveriesCollection;
  move_deliveries: MoveDeliveriesCollection;
  customer_deliveries: CustomerDeliveriesCollection;
  outbox: OutboxCollection;
  cache: CacheCollection;
}

export type DriverDatabase = RxDatabase<Collections>;

let pluginsAdded = false;
/** Set once dev mode is on in this realm: RxDB then refuses any storage without a validator (DVM1). */
let devModeWrap: ((storage: RxStorage<unknown, unknown>) => RxStorage<unknown, unknown>) | undefined;

/**
 * RxDB's dev-mode checks plus the schema validation it insists on. Callers reach this only
 * behind `import.meta.env.DEV` (or in tests), so production bundles never contain it.
 */
export async function enableDevMode(): Promise<(storage: RxStorage<unknown, unknown>) => RxStorage<unknown, unknown>> {
  const [{ RxDBDevModePlugin, disableWarnings }, { wrappedValidateAjvStorage }] = await Promise.all([
    import('rxdb/plugins/dev-mode'),
    import('rxdb/plugins/validate-ajv'),
  ]);
  if (!devModeWrap) {
    disableWarnings();
    addRxPlugin(RxDBDevModePlugin);
    devModeWrap = (storage) => wrappedValidateAjvStorage({ storage });
  }
  return devModeWrap;
}

function addPlugins(): void {
  if (pluginsAdded) return;
  addRxPlugin(RxDBLocalDocumentsPlugin);
  addRxPlugin(RxDBMigrationSchemaPlugin);
  pluginsAdded = true;
}

export interface OpenOptions {
  name?: string;
  /** Node tests pass fake-indexeddb here; browsers use their own. */
  indexedDB?: IDBFactory;
  IDBKeyRange?: typeof IDBKeyRange;
  storage?: RxStorage<unknown, unknown>;
  /** The page and the sync worker each open PWADB and see each other's writes. */
  multiInstance?: boolean;
  /** Tests open two instances in one realm to stand for the page and the worker. */
  ignoreDuplicate?: boolean;
  /** From enableDevMode(): development builds and tests only (it is large and slow). */
  wrapStorage?: (storage: RxStorage<unknown, unknown>) => RxStorage<unknown, unknown>;
}

/** PWADB's collections, in the order they are set up (Home's orders first). */
const COLLECTIONS = {
  orders: { schema: ordersSchema, migrationStrategies: ordersMigrations },
  outbox: { schema: outboxSchema, migrationStrategies: outboxMigrations },
  cache: { schema: cacheSchema, migrationStrategies: cacheMigrations },
  onlot_deliveries: { schema: onlotDeliveriesSchema, migrationStrategies: onlotDeliveriesMigrations },
  move_deliveries: { schema: moveDeliveriesSchema, migrationStrategies: moveDeliveriesMigrations },
  customer_deliveries: { schema: customerDeliveriesSchema, migrationStrategies: customerDeliveriesMigrations },
} satisfies Record<keyof Collections, RxCollectionCreator>;

/** Opens PWADB with every collection. Callers own closing it (tests: always). */
export async function openDatabase(opts: OpenOptions = {}): Promise<DriverDatabase> {
  addPlugins();
  let storage = opts.storage ?? getRxStorageDexie(opts.indexedDB && opts.IDBKeyRange ? { indexedDB: opts.indexedDB, IDBKeyRange: opts.IDBKeyRange } : {});
  // A plugin cannot be removed: once dev mode is on (another test file in the same worker), a
  // `fast` open without the validator would be refused, so it gets the validator too.
  const wrap = opts.wrapStorage ?? devModeWrap;
  if (wrap) storage = wrap(storage);
  const db = await createRxDatabase<Collections>({
    name: opts.name ?? DATABASE_NAME,
    storage,
    multiInstance: opts.multiInstance ?? true,
    localDocuments: true,
    eventReduce: true,
    // The page and the worker each open PWADB in their own realm, so within one realm a
    // second instance is a bug, except in tests that play both realms.
    ignoreDuplicate: opts.ignoreDuplicate ?? false,
  });
  // Each collection's set-up starts in a task of its own (tens of ms of a phone's main thread
  // each; together one task of ~400 ms at a cold start, a blocking task for Lighthouse: issue
  // 24), and they run side by side so their IndexedDB round trips overlap.
  await Promise.all(
    Object.entries(COLLECTIONS).map(async ([name, creator]) => {
      await nextTask();
      await db.addCollections({ [name]: creator });
    }),
  );
  keepOrderSortKey(db.orders);
  return db;
}
