// The refusals routes really answer are on their operations in /openapi.json (issue 20 item 9:
// a tester found 429 undocumented on the card-entry routes). A server with tiny limits is
// driven over each one; every non-200 answer's status must be listed on its operation (not
// left to `default`), its body must be an Error of the documented enum, and a 429 must send
// Retry-After and document it. A route that gains a limit belongs in `drive` below, and its
// table entry names the refusal (`errors` in src/domain/endpoints).
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, PAYMENTS_API, PROFILE_API } from '../../src/domain';
import { startTestServer, type TestServer } from '../support/server';
import { SUMMIT_ADMIN, SUMMIT_DRIVER, call, makeImage, newKey, postJson, uploadFiles, type Answer } from './helpers';
import { CARDS, cardBody } from './paymentsHelpers';

interface Response {
  headers?: Record<string, unknown>;
}
interface Document {
  paths: Record<string, Record<string, { responses: Record<string, Response> }>>;
  components: { schemas: { Error: Record<string, unknown> } };
}

let server: TestServer;
let doc: Document;
const answered: { route: string; answer: Answer }[] = [];

beforeAll(async () => {
  server = await startTestServer({
    // 2 sign-ins per address, 1 wrong current password per account, 1 card entry, no upload at once.
    loginLimits: { perIp: { max: 2, windowMs: 60_000 }, perAccount: { max: 1, windowMs: 60_000 } },
    cardEntryRateLimit: { max: 1, timeWindowMs: 60_000 },
    build: {
      limitClock: () => Date.UTC(2026, 0, 5, 9, 0, 0),
      uploadsInFlightPerAccount: 0,
      // 2 reads per account, on a clock that never refills them.
      readBudget: { reads: { perSecond: 0.001, burst: 2 }, pulls: { perSecond: 1e6, burst: 1e6 }, clock: () => 0 },
    },
  });
  doc = (await call<Document>(server, API.openapi)).body;
  await drive();
}, 60_000);
afterAll(() => server.close());

async function drive(): Promise<void> {
  const post = async (path: string, body: unknown, token?: string) => {
    answered.push({ route: `post ${path}`, answer: await postJson(server, path, body, { token, key: token ? newKey() : undefined }) });
  };
  const token = await server.login(SUMMIT_DRIVER.email, SUMMIT_DRIVER.password); // the address's 1st sign-in
  await post(API.login, SUMMIT_ADMIN); // 2nd: an office admin is refused (403)
  await post(API.login, SUMMIT_DRIVER); // 3rd: past the address's limit (429)
  await post(PAYMENTS_API.tokenize, { account: CARDS.visa }, token); // the one card entry
  await post(PAYMENTS_API.tokenize, { account: CARDS.visa }, token); // card entry is shared: 429 from here on
  await post(PAYMENTS_API.authNewCard, cardBody(), token);
  await post(PAYMENTS_API.cardconnectAuthNewCard, {}, token);
  const edit = { first_name: 'Dale', last_name: 'Hostetler', phone_number: '(717) 555-0101', email: SUMMIT_DRIVER.email, password: 'new-password-1' };
  await post(PROFILE_API.updateDriverSettings, { ...edit, current_password: 'wrong-1' }, token); // 403 CurrentPasswordIncorrect
  await post(PROFILE_API.updateDriverSettings, { ...edit, current_password: 'wrong-2' }, token); // 429
  const upload = await uploadFiles(server, token, [{ bytes: await makeImage('jpeg'), name: 'p.jpg', type: 'image/jpeg' }]);
  answered.push({ route: `post ${API.upload}`, answer: upload }); // 429: no upload in flight allowed
  for (let i = 0; i < 3; i += 1) answered.push({ route: `get ${API.orderList}`, answer: await call(server, API.orderList, { token }) }); // the 3rd: past the read budget
}

describe('every refusal a route answered is documented on its operation', () => {
  it('each limit was really reached', () => {
    const statuses = answered.map(({ route, answer }) => `${route} ${answer.status}`);
    expect(statuses).toEqual([
      `post ${API.login} 403`,
      `post ${API.login} 429`,
      `post ${PAYMENTS_API.tokenize} 200`,
      `post ${PAYMENTS_API.tokenize} 429`,
      `post ${PAYMENTS_API.authNewCard} 429`,
      `post ${PAYMENTS_API.cardconnectAuthNewCard} 429`,
      `post ${PROFILE_API.updateDriverSettings} 403`,
      `post ${PROFILE_API.updateDriverSettings} 429`,
      `post ${API.upload} 429`,
      `get ${API.orderList} 200`,
      `get ${API.orderList} 200`,
      `get ${API.orderList} 429`,
    ]);
  });

  it('the status is on the operation, the body an Error of the enum, a 429 with Retry-After sent and documented', () => {
    const isError = new Ajv2020({ strict: false }).compile(doc.components.schemas.Error);
    const failures: string[] = [];
    for (const { route, answer } of answered.filter((a) => a.answer.status !== 200)) {
      const [method = '', path = ''] = route.split(' ');
      const documented = doc.paths[path]?.[method]?.responses[String(answer.status)];
      if (!documented) failures.push(`${route}: ${answer.status} not documented`);
      if (!isError(answer.body)) failures.push(`${route}: ${answer.status} body ${answer.text.slice(0, 120)} is not an Error`);
      if (answer.status !== 429) continue;
      if (!/^[1-9]\d*$/.test(answer.headers.get('retry-after') ?? '')) failures.push(`${route}: 429 without Retry-After`);
      if (documented && !documented.headers?.['Retry-After']) failures.push(`${route}: 429 documented without Retry-After`);
    }
    expect(failures).toEqual([]);
  });
});
