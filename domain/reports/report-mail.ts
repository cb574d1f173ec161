// The e-mail a schedule run sends: a link to the report (downloaded with the
// recipient's own bearer token: the link alone opens nothing).
import type { MailContent } from '../shared/mail-templates.js';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function scheduledReportMail(r: { title: string; scheduleName: string; url: string; expiresAt: string; rowCount: number }): MailContent {
  const intro = `Your scheduled report "${r.title}"${r.scheduleName ? ` (schedule "${r.scheduleName}")` : ''} is ready: ${r.rowCount} row(s).`;
  const how = `Download it, signed in, from ${r.url} until ${r.expiresAt}.`;
  return {
    subject: `Report ready: ${r.title.replace(/[\s\u0000-\u001f]+/g, ' ').slice(0, 120)}`,
    text: `Hello,\n\n${intro}\n\n${how}\n\n— Inventory Platform\n`,
    html: `<p>Hello,</p><p>${escape(intro)}</p><p>Download it, signed in, from <a href="${escape(r.url)}">${escape(r.url)}</a> until ${escape(r.expiresAt)}.</p><p>— Inventory Platform</p>`,
  };
}
