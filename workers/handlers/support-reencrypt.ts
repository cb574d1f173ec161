// Re-encrypts support data under the active field key and re-indexes it under the
// active blind-index key (after a key was added in front of FIELD_ENCRYPTION_KEYS or
// BLIND_INDEX_KEYS). Batched and resumable; rows already current are skipped.
import type { Handler } from '../registry.js';
import { reencryptSupportData } from '../../domain/support/ticket-key-rotation.js';

export const supportReencrypt: Handler<'support.reencrypt'> = async (_job, { platform, services }) => ({
  ...(await reencryptSupportData(platform, services.support.crypto)),
  // the AI chat's sessions, messages and drafts use the same keyring
  ...(await services.supportChat.reencrypt()),
});
