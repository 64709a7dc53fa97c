// The answer cache of the order list (server/http/answerCache.ts): a remembered answer is
// served only while the company's orders and dealers are unchanged — whoever changed them
// (here a hand-run UPDATE, as the office's tools would), per driver, per encoding.
import { describe, expect, it } from 'vitest';
import { API, type OrderListItem, type PullResponse } from '../../src/domain';
import type { TestServer } from '../support/server';
import { SUMMIT_DRIVER, SUMMIT_DRIVER2, call, liveOrderIds, useTestServer } from './helpers';

let server: TestServer;
let summit: string;
let summit2: string;

useTestServer({ summit: SUMMIT_DRIVER, summit2: SUMMIT_DRIVER2 }, (s) => ({ server, summit, summit2 } = s));

type ListPull = PullResponse<OrderListItem>;
const ENCODINGS = ['br', 'gzip', 'identity'] as const;

async function list(token: string, encoding: (typeof ENCODINGS)[number] = 'br'): Promise<{ body: ListPull; encoding: string | null; vary: string | null }> {
  const res = await call<ListPull>(server, API.orderList, { token, headers: { 'accept-encoding': encoding } });
  expect(res.status).toBe(200);
  return { body: res.body, encoding: res.headers.get('content-encoding'), vary: res.headers.get('vary') };
}

/** The live documents (a pull without a checkpoint has no tombstones). */
const live = (pull: ListPull): OrderListItem[] => pull.documents.flatMap((d) => (d._deleted ? [] : [d]));
const byId = (pull: ListPull, id: string) => live(pull).find((d) => d.id === id);

describe('the order list answered again', () => {
  it('is the same answer, in the encoding asked for', async () => {
    for (const encoding of ENCODINGS) {
      const first = await list(summit, encoding);
      const again = await list(summit, encoding);
      expect(again.body).toEqual(first.body);
      expect(again.encoding).toBe(encoding === 'identity' ? null : encoding);
      expect(again.vary).toMatch(/accept-encoding/i);
    }
  });

  it('shows an order changed by any writer on the next read, in every encoding', async () => {
    const [id] = await liveOrderIds(server, SUMMIT_DRIVER.email, 'onlot');
    for (const encoding of ENCODINGS) await list(summit, encoding); // remembered
    await server.query(`UPDATE orders SET building_model = 'Cache Test Barn' WHERE id = $1`, [id]);
    for (const encoding of ENCODINGS) {
      expect(byId((await list(summit, encoding)).body, `oio-${id}`)?.building_model).toBe('Cache Test Barn');
    }
  });

  it('shows a dealer renamed, an order added and an order reassigned, to each driver their own', async () => {
    const [id] = await liveOrderIds(server, SUMMIT_DRIVER.email, 'onlot');
    const before = await list(summit);
    const before2 = await list(summit2);
    expect(byId(before2.body, `oio-${id}`)).toBeUndefined();

    const [order] = await server.query<{ dealer_id: number }>('SELECT dealer_id FROM orders WHERE id = $1', [id]);
    await server.query(`UPDATE dealers SET name = 'Renamed Dealer' WHERE id = $1`, [order?.dealer_id]);
    expect(byId((await list(summit)).body, `oio-${id}`)?.dealer_name).toBe('Renamed Dealer');

    await server.query(`UPDATE orders SET driver_id = (SELECT id FROM accounts WHERE email = $1) WHERE id = $2`, [SUMMIT_DRIVER2.email, id]);
    expect(byId((await list(summit)).body, `oio-${id}`)).toBeUndefined();
    expect(byId((await list(summit2)).body, `oio-${id}`)?.dealer_name).toBe('Renamed Dealer');
    expect((await list(summit)).body.documents).toHaveLength(before.body.documents.length - 1);

    await server.query(
      `INSERT INTO orders (company_id, kind, order_type, order_number, status, stage, location, serial_number, building_model, dealer_id, driver_id)
      SELECT company_id, kind, order_type, 'CACHE-1', status, stage, location, 'SN-CACHE-1', building_model, dealer_id, driver_id FROM orders WHERE id = $1`,
      [id],
    );
    expect(live((await list(summit2)).body).some((d) => d.serial_number === 'SN-CACHE-1')).toBe(true);
  });
});
