// The English catalog: the source language. Keys by area. The first-load areas (the shell,
// Login, Home) are here; a lazy screen's area (./screens) is registered by that screen when its
// chunk loads (`registerTexts`), so the first load carries only what it shows. The Spanish
// catalog (../es, a lazy chunk) has exactly the same keys (typed as `Catalog`).
import { common } from './common';
import type { deliver } from './deliver';
import type { schedule } from './schedule';
import type { settingsEdit } from './settingsEdit';
import type { map } from './map';
import { home, login } from './home';
import type { log } from './log';
import type { lostWork } from './lostWork';
import type { nav } from './nav';
import type { order, outbox } from './order';
import type { outboxExport } from './outboxExport';
import type { screens } from './screens';

export const en = { common, login, home };

export type Catalog = typeof en &
  typeof screens & {
    order: typeof order;
    outbox: typeof outbox;
    outboxExport: typeof outboxExport;
    log: typeof log;
    lostWork: typeof lostWork;
    nav: typeof nav;
    deliver: typeof deliver;
    schedule: typeof schedule;
    settingsEdit: typeof settingsEdit;
    map: typeof map;
  };
