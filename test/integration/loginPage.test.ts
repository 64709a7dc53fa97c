// /login has a document of its own (issue 24 item 5): the sign-in form as HTML, whose inline
// script holds a tap on Sign in before any code arrives. The server serves it for /login (with
// or without a redirect), the shell everywhere else, and its CSP allows that inline script by
// its hash, and nothing else inline.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let dist: string;
const held = "\n      document.querySelector('form').dataset.held = 'true';\n    ";
const hashOf = (text: string): string => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'driver-app-login-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><body><div id="root">shell</div></body></html>');
  writeFileSync(
    join(dist, 'login.html'),
    `<!doctype html><html><head><script type="application/json" id="app-code">[]</script></head><body><form data-login-html method="dialog"></form><script>${held}</script><script type="module" src="/assets/login.js"></script></body></html>`,
  );
  server = await startTestServer({ staticDir: dist });
});

afterAll(async () => {
  await server.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('/login', () => {
  it('is login.html, with or without a redirect; other pages get the shell', async () => {
    for (const path of ['/login', '/login?redirect=%2Fscheduled']) {
      const answer = await fetch(`${server.url}${path}`);
      expect(answer.status, path).toBe(200);
      expect(await answer.text(), path).toContain('data-login-html');
    }
    for (const path of ['/', '/scheduled', '/login/x']) expect(await (await fetch(`${server.url}${path}`)).text(), path).toContain('shell');
  });

  it("allows login.html's inline script by its hash, and no other inline script (a JSON block is data)", async () => {
    const csp = (await fetch(`${server.url}/login`)).headers.get('content-security-policy') ?? '';
    const scripts = /script-src ([^;]*)/.exec(csp)?.[1]?.split(' ') ?? [];
    expect(scripts).toEqual(["'self'", hashOf(held)]);
  });
});
