// Renders a delivery certificate as a PDF with pdf-lib (SPEC §7 generate_delivery_certificate).
// report1: details and signature on page one, the building photos two per page after it.
// report2: everything on one page, photos as thumbnails. A long happy list moves what follows
// it to the next page. Pure: data in, bytes out.
import type { HappyListResult } from '../../src/domain';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';

export interface CertificateImage {
  bytes: Buffer;
  mime: string;
}

export interface CertificateData {
  layout: 'report1' | 'report2';
  company: { name: string; address: string | null; phone: string | null; email: string | null };
  orderNumber: string;
  orderType: string;
  serialNumber: string;
  building: string;
  customerName: string;
  deliveryAddress: string;
  /** Already formatted in the driver's time zone. */
  deliveredAt: string;
  window: string | null;
  driverName: string;
  miles: string;
  note: string;
  payment: string;
  balance: string | null;
  /** The happy list as the driver left it (customer deliveries; empty when none was recorded). */
  happyList: HappyListResult[];
  signature: (CertificateImage & { from: string }) | null;
  photos: CertificateImage[];
}

const PAGE: [number, number] = [612, 792]; // US Letter, points
const MARGIN = 54;
const INK = rgb(0.13, 0.15, 0.2);
const MUTED = rgb(0.42, 0.45, 0.5);
const RULE = rgb(0.8, 0.82, 0.86);

/** Standard fonts speak WinAnsi only: anything else becomes '?', line breaks become spaces. */
export function pdfText(text: string): string {
  return text.replace(/[\r\n\t]+/g, ' ').replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
}

interface Pen {
  page: PDFPage;
  y: number;
  regular: PDFFont;
  bold: PDFFont;
}

function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of pdfText(text).split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines.length > 0 ? lines : [''];
}

function row(pen: Pen, label: string, value: string): void {
  const width = PAGE[0] - MARGIN * 2 - 150;
  pen.page.drawText(pdfText(label), { x: MARGIN, y: pen.y, size: 10, font: pen.bold, color: MUTED });
  for (const line of wrap(pen.regular, value || '-', 11, width).slice(0, 6)) {
    pen.page.drawText(line, { x: MARGIN + 150, y: pen.y, size: 11, font: pen.regular, color: INK });
    pen.y -= 16;
  }
  pen.y -= 2;
}

async function embed(doc: PDFDocument, image: CertificateImage): Promise<PDFImage | null> {
  // A copy with its own ArrayBuffer: pdf-lib's JPEG reader ignores byteOffset, and small
  // Buffers (from the database driver) are views into Node's shared pool.
  const bytes = new Uint8Array(image.bytes);
  try {
    return image.mime === 'image/png' ? await doc.embedPng(bytes) : await doc.embedJpg(bytes);
  } catch {
    return null; // a stored upload that will not embed must not cost the driver the certificate
  }
}

function drawFitted(page: PDFPage, image: PDFImage, box: { x: number; y: number; width: number; height: number }): void {
  const scale = Math.min(box.width / image.width, box.height / image.height, 1);
  const width = image.width * scale;
  const height = image.height * scale;
  page.drawImage(image, { x: box.x + (box.width - width) / 2, y: box.y + (box.height - height) / 2, width, height });
  page.drawRectangle({ ...box, borderColor: RULE, borderWidth: 0.75 });
}

function header(pen: Pen, data: CertificateData): void {
  const { page } = pen;
  page.drawText(pdfText(data.company.name), { x: MARGIN, y: pen.y, size: 20, font: pen.bold, color: INK });
  pen.y -= 16;
  const contact = [data.company.address, data.company.phone, data.company.email].filter(Boolean).join('  |  ');
  if (contact) page.drawText(pdfText(contact), { x: MARGIN, y: pen.y, size: 9, font: pen.regular, color: MUTED });
  pen.y -= 30;
  page.drawText('Certificate of Delivery', { x: MARGIN, y: pen.y, size: 16, font: pen.bold, color: INK });
  pen.y -= 10;
  page.drawLine({ start: { x: MARGIN, y: pen.y }, end: { x: PAGE[0] - MARGIN, y: pen.y }, thickness: 1, color: RULE });
  pen.y -= 22;
}

function details(pen: Pen, data: CertificateData): void {
  row(pen, 'Order', `${data.orderNumber} (${data.orderType})`);
  row(pen, 'Customer', data.customerName);
  row(pen, 'Delivery address', data.deliveryAddress);
  row(pen, 'Building', data.building);
  row(pen, 'Serial number', data.serialNumber);
  row(pen, 'Delivered', data.deliveredAt);
  if (data.window) row(pen, 'Delivery window', data.window);
  row(pen, 'Driver', data.driverName);
  row(pen, 'Miles driven', data.miles);
  row(pen, 'Payment', data.payment);
  if (data.balance !== null) row(pen, 'Remaining balance', data.balance);
  if (data.note) row(pen, 'Driver note', data.note);
}

/** A new page when less than `height` is left above the bottom margin. */
function ensureRoom(doc: PDFDocument, pen: Pen, height: number): void {
  if (pen.y - height >= MARGIN) return;
  pen.page = doc.addPage(PAGE);
  pen.y = PAGE[1] - MARGIN;
}

/** Each item of the happy list on its own line, "[x]" when the customer and driver ticked it. */
function happyList(doc: PDFDocument, pen: Pen, items: HappyListResult[]): void {
  if (items.length === 0) return;
  const width = PAGE[0] - MARGIN * 2 - 150;
  ensureRoom(doc, pen, 32);
  pen.page.drawText('Happy list', { x: MARGIN, y: pen.y, size: 10, font: pen.bold, color: MUTED });
  for (const { item, text, value } of items) {
    const lines = wrap(pen.regular, `${value ? '[x]' : '[  ]'} ${item}${text ? `: ${text}` : ''}`, 11, width).slice(0, 4);
    ensureRoom(doc, pen, lines.length * 16);
    for (const line of lines) {
      pen.page.drawText(line, { x: MARGIN + 150, y: pen.y, size: 11, font: value ? pen.bold : pen.regular, color: INK });
      pen.y -= 16;
    }
  }
  pen.y -= 2;
}

async function signature(doc: PDFDocument, pen: Pen, data: CertificateData): Promise<void> {
  ensureRoom(doc, pen, 140);
  pen.y -= 8;
  pen.page.drawText('Signature', { x: MARGIN, y: pen.y, size: 10, font: pen.bold, color: MUTED });
  const box = { x: MARGIN + 150, y: pen.y - 80, width: 240, height: 90 };
  const image = data.signature ? await embed(doc, data.signature) : null;
  if (image) drawFitted(pen.page, image, box);
  else pen.page.drawText('No signature on file', { x: box.x, y: pen.y, size: 11, font: pen.regular, color: INK });
  if (data.signature) {
    pen.page.drawText(pdfText(`Signed by the ${data.signature.from}`), { x: box.x, y: box.y - 14, size: 9, font: pen.regular, color: MUTED });
  }
  pen.y = box.y - 34;
}

async function photoGrid(doc: PDFDocument, pen: Pen, photos: CertificateImage[], columns: number, cellHeight: number): Promise<void> {
  const gap = 10;
  const cellWidth = (PAGE[0] - MARGIN * 2 - gap * (columns - 1)) / columns;
  for (const [i, photo] of photos.entries()) {
    const image = await embed(doc, photo);
    const column = i % columns;
    if (column === 0 && i > 0) pen.y -= cellHeight + gap;
    const box = { x: MARGIN + column * (cellWidth + gap), y: pen.y - cellHeight, width: cellWidth, height: cellHeight };
    if (image) drawFitted(pen.page, image, box);
    else pen.page.drawText('(photo could not be shown)', { x: box.x + 6, y: box.y + cellHeight / 2, size: 9, font: pen.regular, color: MUTED });
  }
}

export async function renderCertificate(data: CertificateData): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(pdfText(`Certificate of Delivery ${data.orderNumber}`));
  doc.setSubject(pdfText(`Serial ${data.serialNumber}`));
  doc.setAuthor(pdfText(data.company.name));
  doc.setCreator('Driver App');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const pen: Pen = { page: doc.addPage(PAGE), y: PAGE[1] - MARGIN, regular, bold };
  header(pen, data);
  details(pen, data);
  happyList(doc, pen, data.happyList);
  await signature(doc, pen, data);
  if (data.layout === 'report2') {
    if (data.photos.length > 0) {
      const rows = Math.ceil(data.photos.length / 3);
      // Long wrapped fields can leave too little room: then the thumbnails get a page of their own.
      if (pen.y - 8 - rows * 70 < MARGIN) {
        pen.page = doc.addPage(PAGE);
        pen.y = PAGE[1] - MARGIN;
      }
      pen.page.drawText('Building photos', { x: MARGIN, y: pen.y, size: 10, font: bold, color: MUTED });
      pen.y -= 8;
      await photoGrid(doc, pen, data.photos, 3, Math.max(60, Math.min(110, (pen.y - MARGIN - 10 * rows) / rows)));
    }
  } else {
    for (let i = 0; i < data.photos.length; i += 2) {
      const page = doc.addPage(PAGE);
      page.drawText(pdfText(`Building photos - ${data.orderNumber} - serial ${data.serialNumber}`), {
        x: MARGIN,
        y: PAGE[1] - MARGIN,
        size: 11,
        font: bold,
        color: INK,
      });
      const photoPen: Pen = { page, y: PAGE[1] - MARGIN - 16, regular, bold };
      await photoGrid(doc, photoPen, data.photos.slice(i, i + 2), 1, 310);
    }
  }
  const pages = doc.getPages();
  for (const [i, page] of pages.entries()) {
    page.drawText(`Page ${i + 1} of ${pages.length}`, { x: PAGE[0] - MARGIN - 60, y: MARGIN / 2, size: 8, font: regular, color: MUTED });
  }
  return Buffer.from(await doc.save());
}
