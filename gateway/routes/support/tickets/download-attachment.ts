import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../../http/errors.js';
import { actor } from '../../../plugins/scope.js';

export default {
  method: 'GET',
  path: '/api/support-tickets/{id}/attachments/{attachment_id}/',
  options: {
    tags: ['api', 'support-tickets'],
    description: 'Download an attachment (owner or staff; anyone else gets 404)',
    notes: 'The URLs in attachment_urls. Served as a download (Content-Disposition: attachment) with the type read from the bytes at upload, never cached by shared caches.',
    validate: { params: Joi.object({ id: Joi.string().max(100).required(), attachment_id: Joi.string().max(100).required() }).label('SupportTicketAttachmentId') },
    plugins: errorDocs(401, 404),
  },
  async handler(request, h) {
    const { id, attachment_id } = request.params as { id: string; attachment_id: string };
    const file = await request.server.app.services.support.tickets.attachment(actor(request), id, attachment_id);
    return h
      .file(file.absolutePath, { confine: false, etagMethod: false })
      .header('Content-Disposition', contentDisposition(file.filename))
      .type(file.contentType === 'text/plain' ? 'text/plain; charset=utf-8' : file.contentType)
      .header('Cache-Control', 'private, no-store')
      .header('X-Content-Type-Options', 'nosniff');
  },
} satisfies ServerRoute;

/** RFC 6266: an ASCII fallback name plus the exact name in UTF-8 (filename*). */
function contentDisposition(name: string): string {
  const ascii = name.normalize('NFKD').replace(/\p{M}+/gu, '').replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
