// `npm run bench`, photo part: a 12-megapixel camera-like JPEG through the app's own photo
// worker (dist/assets/photo.worker-*.js, the code PhotoPicker uses) in Debian's Chromium with
// the CPU throttled 4×: how long the compression takes, and what it leaves (bytes, long edge).
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { launchPhone } from '../e2e/phone';
import { cameraLikeJpeg } from '../test/support/images';
import { startTestServer } from '../test/support/server';

export interface PhotoFigures {
  inputBytes: number;
  ms: number;
  bytes: number;
  width: number;
  height: number;
}

const COMPRESS = `async ({ workerUrl, base64 }) => {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const input = new Blob([bytes], { type: 'image/jpeg' });
  const api = Comlink.wrap(new Worker(workerUrl, { type: 'module' }));
  await api.compress(new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], { type: 'image/jpeg' }), 1920).catch(() => null); // worker started
  const started = performance.now();
  const out = await api.compress(input, 1920);
  return { ms: performance.now() - started, bytes: out.bytes.byteLength, width: out.width, height: out.height };
}`;

export async function photoFigures(): Promise<PhotoFigures> {
  const worker = readdirSync(resolve('dist', 'assets')).find((f) => /^photo\.worker-.*\.js$/.test(f));
  if (!worker) throw new Error('dist/ has no photo worker: run `npm run build` first');
  const jpeg = await cameraLikeJpeg();
  const server = await startTestServer({ staticDir: resolve('dist') });
  // CSP bypassed only so the harness can add Comlink to the page; the worker is the app's own.
  const phone = await launchPhone({ density: 2, serviceWorkers: 'block', bypassCSP: true });
  try {
    const page = phone.context.pages()[0] ?? (await phone.context.newPage());
    await page.goto(`${server.url}/login`);
    await page.addScriptTag({ content: readFileSync(join('node_modules', 'comlink', 'dist', 'umd', 'comlink.js'), 'utf8') });
    const cdp = await phone.context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const out = await page.evaluate<Omit<PhotoFigures, 'inputBytes'>>(
      `(${COMPRESS})(${JSON.stringify({ workerUrl: `/assets/${worker}`, base64: jpeg.toString('base64') })})`,
    );
    return { inputBytes: jpeg.length, ...out };
  } finally {
    await phone.close();
    await server.close();
  }
}
