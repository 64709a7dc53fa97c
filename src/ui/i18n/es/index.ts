// The Spanish catalog: loaded lazily (a chunk of its own) only when Spanish is active.
import type { Catalog } from '../en';
import { common } from './common';
import { deliver } from './deliver';
import { schedule } from './schedule';
import { settingsEdit } from './settingsEdit';
import { map } from './map';
import { domain } from './domain';
import { home, login } from './home';
import { log } from './log';
import { lostWork } from './lostWork';
import { nav } from './nav';
import { order, outbox } from './order';
import { outboxExport } from './outboxExport';
import { screens } from './screens';

export const es: Catalog = { common, login, home, ...screens, order, outbox, outboxExport, log, lostWork, nav, deliver, schedule, settingsEdit, map };

export { domain };
