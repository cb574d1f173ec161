// What the audit log keeps of a write's changes: every field name, no secret or free-text value.
import test from 'ava';
import { withoutSecretsOrFreeText, REDACTED } from '../../../domain/audit/audit-service.js';

test('secrets and free text lose their values, keep their names; other values and shapes stay', (t) => {
  t.deepEqual(
    withoutSecretsOrFreeText({ name: 'Shelf', password_hash: 'x', token: 'y', description: 'call me at 555', bio: { from: '', to: 'hi' }, quantity: { from: 1, to: 2 }, message_enc: 'z', skipped: undefined }),
    { name: 'Shelf', password_hash: REDACTED, token: REDACTED, description: REDACTED, bio: REDACTED, quantity: { from: 1, to: 2 }, message_enc: REDACTED },
  );
  t.deepEqual(withoutSecretsOrFreeText({}), {});
});
