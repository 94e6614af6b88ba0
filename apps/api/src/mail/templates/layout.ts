// The one e-mail layout: every message is French, plain text plus HTML built from the same parts,
// with every dynamic value escaped in the HTML. Colours, typeface and logo mark are the apps' own
// (@terres/ui/tokens); clients that strip inline SVG (Gmail) still show the name beside it, and
// those that ignore the typeface fall back to Arial.
import { colors, font, logoSvg } from '@terres/ui/tokens';
import { escapeHtml } from '../../http/html.js';

export interface EmailParts {
  subject: string;
  /** First line, e.g. 'Bonjour Camille,'. */
  greeting?: string;
  paragraphs: string[];
  /** A list of links after the paragraphs (the daily summary's notifications). */
  items?: Array<{ label: string; url: string }>;
  /** A code shown large (the 6-digit sign-in code). */
  code?: string;
  /** A button (and its address in the text version). */
  action?: { label: string; url: string };
  /** Small print after the body. */
  footnote?: string;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const SIGNATURE = "L'équipe Bourse aux terres";

export function renderEmail(parts: EmailParts): RenderedEmail {
  const text = [
    parts.greeting ?? 'Bonjour,',
    '',
    ...parts.paragraphs.flatMap((p) => [p, '']),
    ...(parts.items ?? []).flatMap((item) => [`- ${item.label}`, `  ${item.url}`, '']),
    ...(parts.code ? [parts.code, ''] : []),
    ...(parts.action ? [`${parts.action.label} : ${parts.action.url}`, ''] : []),
    ...(parts.footnote ? [parts.footnote, ''] : []),
    SIGNATURE,
  ].join('\n');

  // Long words (an address, a link) may break anywhere rather than widen the message on a phone;
  // ordinary words never do (break-word only acts on a word wider than the line).
  const small = `font-size:13px;color:${colors.textMuted};overflow-wrap:break-word;word-break:break-word`;
  const html = `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(parts.subject)}</title></head>
<body style="margin:0;padding:24px 12px;background:${colors.bgSubtle};font-family:${escapeHtml(font.fontStack)};font-size:16px;line-height:1.5;color:${colors.text}">
<div style="max-width:560px;margin:0 auto;background:${colors.bg};border:1px solid ${colors.border};border-radius:8px;padding:24px 28px;overflow-wrap:break-word;word-break:break-word">
<p style="margin:0 0 24px;font-size:18px;font-weight:bold;color:${colors.primary}">${logoSvg({ size: 28 }).replace('<svg ', '<svg style="vertical-align:middle;margin-right:8px" ')}<span style="vertical-align:middle">Bourse aux terres</span></p>
<p>${escapeHtml(parts.greeting ?? 'Bonjour,')}</p>
${parts.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${
  parts.items?.length
    ? `<ul style="padding-left:20px;margin:16px 0">${parts.items
        .map((item) => `<li style="margin:0 0 8px"><a href="${escapeHtml(item.url)}" style="color:${colors.primary}">${escapeHtml(item.label)}</a></li>`)
        .join('')}</ul>`
    : ''
}
${parts.code ? `<p style="font-size:32px;letter-spacing:8px;font-weight:bold;margin:24px 0;color:${colors.text}">${escapeHtml(parts.code)}</p>` : ''}
${
  parts.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(parts.action.url)}" style="display:inline-block;background:${colors.primary};color:${colors.onPrimary};padding:12px 20px;border-radius:6px;font-weight:bold;text-decoration:none">${escapeHtml(parts.action.label)}</a></p>
<p style="${small}">${escapeHtml(parts.action.url)}</p>`
    : ''
}
${parts.footnote ? `<p style="${small}">${escapeHtml(parts.footnote)}</p>` : ''}
<p>${escapeHtml(SIGNATURE)}</p>
</div></body></html>`;
  return { subject: parts.subject, text, html };
}
