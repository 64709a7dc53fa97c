// The six email templates of SPEC §7, rendered from the send-email variables (the names the
// email-information lookups answer; SPEC §3's alternative names are accepted too). Every
// value is HTML-escaped; links and the logo are kept only when they are http(s) URLs.
import { formatScheduledEmailDate, type EmailTemplate, type EmailVariables } from '../../../src/domain';

type Block = { kind: 'p'; text: string } | { kind: 'link'; label: string; url: string } | { kind: 'rows'; rows: [string, string][] };

interface Draft {
  subject: string;
  blocks: Block[];
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

const httpUrl = (value: string): string | null => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
};

/** The first of the names that has a value, as text ('' when none). */
function pick(vars: EmailVariables, ...names: string[]): string {
  for (const name of names) {
    const value = vars[name];
    if (value !== undefined && value !== null && value !== '') return String(value);
  }
  return '';
}

const truthy = (vars: EmailVariables, name: string): boolean => vars[name] === true || vars[name] === 'true';
const join = (...parts: string[]): string => parts.filter(Boolean).join(', ');
const building = (model: string, serial: string, order: string): string =>
  [model || 'your building', serial && `serial ${serial}`, order && `order ${order}`].filter(Boolean).join(' — ');

function companyFooter(vars: EmailVariables): Block {
  return { kind: 'p', text: join(pick(vars, 'company_name'), pick(vars, 'company_address'), pick(vars, 'company_phone'), pick(vars, 'company_email')) };
}

function scheduledDate(vars: EmailVariables, zone: string): string {
  const raw = pick(vars, 'scheduled_date', 'scheduledDate', 'date');
  return raw ? (formatScheduledEmailDate(raw, zone) ?? raw) : '';
}

const DRAFTS: Record<EmailTemplate, (vars: EmailVariables, zone: string) => Draft> = {
  'customer-order-delivered': (vars) => {
    const model = pick(vars, 'building_model', 'sizeAndModel');
    const blocks: Block[] = [
      { kind: 'p', text: `Hi ${pick(vars, 'first_name') || 'there'},` },
      {
        kind: 'p',
        text: `${pick(vars, 'company_name') || 'We'} delivered ${building(model, pick(vars, 'serial_number'), pick(vars, 'order_number'))}. Thank you for your order!`,
      },
    ];
    if (truthy(vars, 'is_rto') && pick(vars, 'rto_company_name')) {
      blocks.push({ kind: 'p', text: `Your rent-to-own agreement is with ${pick(vars, 'rto_company_name')}; they will contact you about your payments.` });
    }
    if (truthy(vars, 'delivery_certificate_attached')) blocks.push({ kind: 'p', text: 'Your delivery certificate is attached to this email.' });
    else {
      const certificate = pick(vars, 'delivery_certificate_url');
      if (certificate) blocks.push({ kind: 'link', label: 'Your delivery certificate', url: certificate });
    }
    const dealer = pick(vars, 'dealer_user_name');
    if (dealer) {
      const contact = [pick(vars, 'dealer_user_phone'), pick(vars, 'dealer_user_email')].filter(Boolean).join(' or ');
      blocks.push({ kind: 'p', text: `Questions about your building? Contact ${dealer}${contact ? ` at ${contact}` : ''}.` });
    }
    blocks.push(companyFooter(vars));
    return { subject: `Your ${model || 'building'} has been delivered`, blocks };
  },
  'customer-order-scheduled': (vars, zone) => {
    const when = scheduledDate(vars, zone);
    return {
      subject: when ? `Your delivery is scheduled for ${when}` : 'Your delivery is scheduled',
      blocks: [
        { kind: 'p', text: `Hi ${pick(vars, 'first_name') || 'there'},` },
        {
          kind: 'p',
          text: `${pick(vars, 'company_name') || 'We'} scheduled the delivery of ${building(pick(vars, 'building_model'), pick(vars, 'serial_number'), pick(vars, 'order_number'))}${when ? ` for ${when}` : ''}.`,
        },
        { kind: 'rows', rows: [['Delivery address', pick(vars, 'delivery_address')]] },
        { kind: 'p', text: 'Please make sure the site is clear and any gate is open. Our driver will call when on the way.' },
        companyFooter(vars),
      ],
    };
  },
  'driver-assigned': (vars, zone) => driverDraft(vars, zone, 'assigned', 'New order assigned'),
  'driver-reassigned': (vars, zone) => driverDraft(vars, zone, 'reassigned', 'Order reassigned to you'),
  'office-admin-order-delivered': (vars) => {
    const order = pick(vars, 'orderNumber', 'order_number', 'orderId', 'onlot_inventory_order_id', 'inventory_move_order_id');
    const driver = pick(vars, 'driverName', 'driver_name', 'assigned_driver_name');
    return {
      subject: `Order ${order} delivered${driver ? ` by ${driver}` : ''}`,
      blocks: [
        { kind: 'p', text: `Hi ${pick(vars, 'adminName', 'admin_name') || 'there'},` },
        { kind: 'p', text: `Order ${order} was delivered.` },
        {
          kind: 'rows',
          rows: [
            ['Driver', driver],
            ['Building', pick(vars, 'sizeAndModel', 'building_model')],
            ['Serial number', pick(vars, 'serialNumber', 'serial_number')],
            ['Miles driven', pick(vars, 'miles', 'miles_driven')],
            ['Delivered to', pick(vars, 'customerName', 'dealer_name', 'dealership_name')],
            ['Address', pick(vars, 'customerDeliveryAddress', 'dealer_address', 'delivery_address')],
            ['Order type', pick(vars, 'orderType', 'order_type')],
          ],
        },
      ],
    };
  },
  'rto-order-delivered': (vars) => ({
    subject: `Rent-to-own building delivered: order ${pick(vars, 'order_number')}`,
    blocks: [
      { kind: 'p', text: `Hi ${pick(vars, 'first_name') || 'there'},` },
      {
        kind: 'p',
        text: `${pick(vars, 'company_name') || 'We'} delivered ${building(pick(vars, 'building_model'), pick(vars, 'serial_number'), pick(vars, 'order_number'))}, financed through ${pick(vars, 'rto_company_name') || 'your company'}.`,
      },
      {
        kind: 'rows',
        rows: [
          ['Customer', pick(vars, 'customer_name')],
          ['Delivery address', pick(vars, 'delivery_address')],
        ],
      },
      companyFooter(vars),
    ],
  }),
};

function driverDraft(vars: EmailVariables, zone: string, verb: 'assigned' | 'reassigned', subject: string): Draft {
  const order = pick(vars, 'order_number');
  const when = scheduledDate(vars, zone);
  return {
    subject: `${subject}: ${order}`,
    blocks: [
      { kind: 'p', text: `Hi ${pick(vars, 'first_name') || 'there'},` },
      {
        kind: 'p',
        text: `${pick(vars, 'company_name') || 'The office'} ${verb} order ${order} to you: ${building(pick(vars, 'building_model'), pick(vars, 'serial_number'), '')}.`,
      },
      {
        kind: 'rows',
        rows: [
          ['Delivery address', pick(vars, 'delivery_address')],
          ['Scheduled', when],
          ['Customer', pick(vars, 'customer_name')],
        ],
      },
      { kind: 'p', text: 'Open the Driver App for the details.' },
    ],
  };
}

function toHtml(blocks: Block[], logoUrl: string | null): string {
  const body = blocks
    .map((block) => {
      switch (block.kind) {
        case 'p':
          return block.text ? `<p>${escapeHtml(block.text)}</p>` : '';
        case 'link': {
          const url = httpUrl(block.url);
          return url ? `<p><a href="${escapeHtml(url)}">${escapeHtml(block.label)}</a></p>` : '';
        }
        case 'rows': {
          const rows = block.rows.filter(([, value]) => value);
          return rows.length === 0
            ? ''
            : `<table cellpadding="4">${rows
                .map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`)
                .join('')}</table>`;
        }
      }
    })
    .filter(Boolean)
    .join('\n');
  const logo = logoUrl ? `<p><img src="${escapeHtml(logoUrl)}" alt="" height="48"></p>\n` : '';
  return `<!doctype html>\n<html><body style="font-family: Arial, sans-serif; font-size: 15px; color: #222">\n${logo}${body}\n</body></html>\n`;
}

function toText(blocks: Block[]): string {
  return `${blocks
    .map((block) => {
      switch (block.kind) {
        case 'p':
          return block.text;
        case 'link':
          return httpUrl(block.url) ? `${block.label}: ${block.url}` : '';
        case 'rows':
          return block.rows
            .filter(([, value]) => value)
            .map(([label, value]) => `${label}: ${value}`)
            .join('\n');
      }
    })
    .filter(Boolean)
    .join('\n\n')}\n`;
}

/** Renders a template; `subject` overrides the template's own. `zone` formats dates (SPEC §9). */
export function renderTemplate(template: EmailTemplate, vars: EmailVariables, opts: { subject?: string; zone: string }): RenderedMail {
  const draft = DRAFTS[template](vars, opts.zone);
  const logo = httpUrl(pick(vars, 'company_logo_url'));
  return { subject: opts.subject || draft.subject, html: toHtml(draft.blocks, logo), text: toText(draft.blocks) };
}

/** A free-form message: HTML as given when messageIsHtml, else plain text (escaped into HTML). */
export function renderMessage(message: string, isHtml: boolean, subject: string): RenderedMail {
  if (isHtml) {
    const text = message
      .replace(/<(script|style)[\s\S]*?<\/\1>/gi, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/[ \t]+/g, ' ')
      .trim();
    return { subject, html: message, text: `${text}\n` };
  }
  const html = `<!doctype html>\n<html><body>${message
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n')}</body></html>\n`;
  return { subject, html, text: message };
}
