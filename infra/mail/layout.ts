/**
 * The one layout of every mail (notifications and account mails): the brand as header, the title,
 * the blocks, the footer, in the seller's language and its direction (`dir="rtl"` for Arabic and
 * Persian, on the document and the content alike, since some clients drop the outer element). The
 * plain-text part says the same, block by block.
 */
import type { LanguageCode } from '../../domain/client-config.js';
import { RTL_LANGUAGES } from '../../domain/client-config.js';
import { BRAND_NAME } from './from.js';
import { escapeHtml } from './escape-html.js';
import type { OutgoingMail } from './mailer.js';

/** A paragraph; a code to type (large, isolated so digits keep their order); a link shown whole; a button; words in bold. */
export type MailBlock =
  | { text: string }
  | { code: string }
  | { link: string }
  | { button: string; href: string }
  | { strong: string };

export interface MailContent {
  to: string;
  subject: string;
  /** The heading; the subject when not given. */
  title?: string;
  blocks: readonly MailBlock[];
  footer: string;
  messageId?: string;
}

const P = 'margin:0 0 14px;line-height:1.5';

function blockHtml(b: MailBlock): string {
  if ('code' in b) return `<p style="${P};font-size:24px;font-weight:bold;letter-spacing:4px"><bdi dir="ltr">${escapeHtml(b.code)}</bdi></p>`;
  if ('link' in b) return `<p style="${P};word-break:break-all"><a dir="ltr" href="${escapeHtml(b.link)}">${escapeHtml(b.link)}</a></p>`;
  if ('button' in b) return `<p style="${P}"><a href="${escapeHtml(b.href)}" style="display:inline-block;padding:10px 16px;background:#1f6feb;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(b.button)}</a></p>`;
  if ('strong' in b) return `<p style="${P}"><strong>${escapeHtml(b.strong)}</strong></p>`;
  return `<p style="${P}">${escapeHtml(b.text).replace(/\n/g, '<br>')}</p>`;
}

function blockText(b: MailBlock): string {
  if ('code' in b) return b.code;
  if ('link' in b) return b.link;
  if ('button' in b) return `${b.button}: ${b.href}`;
  if ('strong' in b) return b.strong;
  return b.text;
}

/** The mail in `lang`'s layout: HTML with header, title, blocks and footer, and the same as plain text. */
export function layoutMail(lang: LanguageCode, m: MailContent): OutgoingMail {
  const dir = RTL_LANGUAGES.includes(lang) ? 'rtl' : 'ltr';
  const title = m.title ?? m.subject;
  const html = `<!doctype html><html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(m.subject)}</title></head>`
    + `<body style="margin:0;padding:0;background:#f3f4f6">`
    + `<div lang="${lang}" dir="${dir}" style="font-family:sans-serif;max-width:560px;margin:0 auto;padding:16px;background:#fff;color:#111;text-align:start">`
    + `<header style="font-size:18px;font-weight:bold;padding-bottom:12px;border-bottom:1px solid #e5e7eb;margin-bottom:16px">${escapeHtml(BRAND_NAME)}</header>`
    + `<h1 style="font-size:20px;margin:0 0 14px">${escapeHtml(title)}</h1>`
    + m.blocks.map(blockHtml).join('')
    + `<footer style="font-size:12px;color:#555;border-top:1px solid #e5e7eb;margin-top:16px;padding-top:12px">${escapeHtml(m.footer)}</footer>`
    + `</div></body></html>`;
  const text = [...m.blocks.map(blockText), m.footer].join('\n\n');
  return { to: m.to, subject: m.subject, text, html, ...(m.messageId ? { messageId: m.messageId } : {}) };
}
