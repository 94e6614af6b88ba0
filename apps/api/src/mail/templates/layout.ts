// The one e-mail layout: every message is French, plain text plus HTML built from the same parts,
// with every dynamic value escaped in the HTML.
import { escapeHtml } from '../../http/html.js';

export interface EmailParts {
  subject: string;
  /** First line, e.g. 'Bonjour Camille,'. */
  greeting?: string;
  paragraphs: string[];
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
    ...(parts.code ? [parts.code, ''] : []),
    ...(parts.action ? [`${parts.action.label} : ${parts.action.url}`, ''] : []),
    ...(parts.footnote ? [parts.footnote, ''] : []),
    SIGNATURE,
  ].join('\n');

  const html = `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(parts.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f2;font-family:Arial,Helvetica,sans-serif;color:#1f2a1f">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<p style="margin:0 0 24px;font-weight:bold;color:#3d5a2a">Bourse aux terres</p>
<p>${escapeHtml(parts.greeting ?? 'Bonjour,')}</p>
${parts.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${parts.code ? `<p style="font-size:32px;letter-spacing:8px;font-weight:bold;margin:24px 0">${escapeHtml(parts.code)}</p>` : ''}
${
  parts.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(parts.action.url)}" style="background:#3d5a2a;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(parts.action.label)}</a></p>
<p style="font-size:12px;color:#555">${escapeHtml(parts.action.url)}</p>`
    : ''
}
${parts.footnote ? `<p style="font-size:12px;color:#555">${escapeHtml(parts.footnote)}</p>` : ''}
<p>${escapeHtml(SIGNATURE)}</p>
</div></body></html>`;
  return { subject: parts.subject, text, html };
}
