// A basemap host on loopback for the map tests (no outside host): a raster style whose tiles are
// all the same 256 px PNG of beige land crossed by two orange roads, so a test can find the
// roads' pixels on the map. It counts what it served, and can be made unreachable.
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import sharp from 'sharp';

/** The roads' colour on every tile (no other part of the map is this orange). */
export const ROAD_RGB = [0xff, 0x6a, 0x00] as const;
const LAND_RGB = [0xe8, 0xe4, 0xd8] as const;
const ROAD_HALF_WIDTH = 6;

export interface TileServer {
  origin: string;
  styleUrl: string;
  /** Requests served, by path. */
  served: Map<string, number>;
  /** Tile requests served so far. */
  tilesServed(): number;
  /** The PNG every tile answers with. */
  tileBytes: number;
  /** Stops listening and cuts open connections: the host is unreachable from then on. */
  close(): Promise<void>;
}

async function roadTile(): Promise<Buffer> {
  const size = 256;
  const raw = Buffer.alloc(size * size * 3);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const road = Math.abs(y - size / 2) < ROAD_HALF_WIDTH || Math.abs(x - size / 2) < ROAD_HALF_WIDTH;
      raw.set(road ? ROAD_RGB : LAND_RGB, (y * size + x) * 3);
    }
  return sharp(raw, { raw: { width: size, height: size, channels: 3 } })
    .png()
    .toBuffer();
}

export async function startTileServer(opts: { maxzoom?: number } = {}): Promise<TileServer> {
  const tile = await roadTile();
  const served = new Map<string, number>();
  const sockets = new Set<Socket>();
  let origin = '';
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    served.set(path, (served.get(path) ?? 0) + 1);
    res.setHeader('access-control-allow-origin', '*');
    if (path === '/style.json') {
      const style = {
        version: 8,
        name: 'Test roads',
        sources: {
          roads: {
            type: 'raster',
            tiles: [`${origin}/tiles/{z}/{x}/{y}.png`],
            tileSize: 256,
            minzoom: 0,
            maxzoom: opts.maxzoom ?? 14,
            attribution: 'Test tiles',
          },
        },
        layers: [
          { id: 'background', type: 'background', paint: { 'background-color': '#d9e6cf' } },
          { id: 'roads', type: 'raster', source: 'roads' },
        ],
      };
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(style));
      return;
    }
    if (/^\/tiles\/\d+\/\d+\/\d+\.png$/.test(path)) {
      res.setHeader('content-type', 'image/png');
      res.end(tile);
      return;
    }
    res.statusCode = 404;
    res.end();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the tile server has no port');
  origin = `http://127.0.0.1:${address.port}`;
  return {
    origin,
    styleUrl: `${origin}/style.json`,
    served,
    tilesServed: () => [...served].filter(([path]) => path.startsWith('/tiles/')).reduce((n, [, count]) => n + count, 0),
    tileBytes: tile.byteLength,
    async close() {
      if (!server.listening) return;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
