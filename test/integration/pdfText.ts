// Reading a stored certificate back in the integration suites: download it as the driver, and
// parse it with pdf-lib (pages, the text drawn, image XObjects).
import { PDFDocument, PDFName, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import type { TestServer } from '../support/server';

/** Pages, the text drawn (pdf-lib writes standard-font text as hex strings) and image XObjects. */
export async function readPdf(bytes: Uint8Array): Promise<{ pages: number; text: string; images: number }> {
  const doc = await PDFDocument.load(bytes);
  let text = '';
  let images = 0;
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    if (object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image')) {
      images += 1;
      continue;
    }
    const content = Buffer.from(decodePDFRawStream(object).decode()).toString('latin1');
    for (const match of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) text += `${Buffer.from(match[1] ?? '', 'hex').toString('latin1')}\n`;
  }
  return { pages: doc.getPageCount(), text, images };
}

/** GET of a stored file's URL with the driver's token. */
export async function downloadFile(server: TestServer, url: string, token: string): Promise<{ status: number; type: string | null; bytes: Uint8Array }> {
  const res = await fetch(`${server.url}${url}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, type: res.headers.get('content-type'), bytes: new Uint8Array(await res.arrayBuffer()) };
}
