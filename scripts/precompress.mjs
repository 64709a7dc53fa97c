// Runs after `vite build`: writes a brotli (.br) and a gzip (.gz) copy beside every text asset
// of dist/ (the app, its workers, the service worker, the basemap), so the server sends them
// compressed with no work per request (@fastify/static preCompressed). After the build, not as
// a Vite plugin, so worker bundles and the service worker written last are included too.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const ROOT = process.argv[2] ?? 'dist';
const TEXT = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|map)$/;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

let raw = 0;
let br = 0;
let count = 0;
for (const path of files(ROOT)) {
  if (!TEXT.test(path)) continue;
  const source = readFileSync(path);
  if (source.length < MIN_BYTES) continue;
  const brotli = brotliCompressSync(source, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
  });
  const gzip = gzipSync(source, { level: 9 });
  if (brotli.length < source.length) writeFileSync(`${path}.br`, brotli);
  if (gzip.length < source.length) writeFileSync(`${path}.gz`, gzip);
  raw += source.length;
  br += Math.min(brotli.length, source.length);
  count += 1;
}
console.log(`precompressed ${count} files in ${ROOT}/: ${(raw / 1024).toFixed(0)} KB → ${(br / 1024).toFixed(0)} KB brotli`);
