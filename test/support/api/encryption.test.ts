// Encryption at rest of descriptions and replies (AES-256-GCM, key ids, row id as
// associated data), key rotation and the re-encryption job.
import test from 'ava';
import { randomBytes } from 'node:crypto';
import { startApp, type TestApp } from '../../helpers/app.js';
import { testConfig } from '../../helpers/env.js';
import { buildUser, type TestUser } from '../../factories/users.js';
import { buildTicket, word } from '../../factories/support.js';
import { callApi } from '../../helpers/http.js';
import { FieldCipher, FieldDecryptionError, Keyring } from '../../../domain/support/field-cipher.js';
import { normaliseWords } from '../../../domain/support/blind-index.js';
import { TicketCrypto } from '../../../domain/support/ticket-crypto.js';
import { reencryptSupportData } from '../../../domain/support/ticket-key-rotation.js';
import { ConfigError, loadConfig } from '../../../jobs/runtime/config.js';

const NEW_FIELD_KEY = `k${randomBytes(3).toString('hex')}`;
const NEW_INDEX_KEY = `i${randomBytes(3).toString('hex')}`;
const rotatedEnv = { FIELD_ENCRYPTION_KEYS: `${NEW_FIELD_KEY}:${randomBytes(32).toString('base64')}`, BLIND_INDEX_KEYS: `${NEW_INDEX_KEY}:${randomBytes(32).toString('hex')}` };

let app: TestApp;
let rotated: TestApp;
let owner: TestUser;
let staff: TestUser;
test.before(async () => {
  app = await startApp({ workers: false });
  // the same database read by a gateway whose keyrings have a new active key in front
  rotated = await startApp({ workers: false, env: rotatedEnv });
  owner = await buildUser(app.server);
  staff = await buildUser(app.server, { is_staff: true });
});
test.after.always(async () => {
  await app?.stop();
  await rotated?.stop();
});

const knex = () => app.server.app.platform.knex;

test('the raw columns hold no plaintext: descriptions and replies are field-cipher values under a key id', async (t) => {
  const secret = `Bank account ${word()} and password ${word()}`;
  const ticket = await buildTicket(app.server, owner, { description: secret });
  const message = `My PIN is ${word()}`;
  await callApi(app.server, 'POST', `/api/support-tickets/${ticket.id}/add_reply/`, owner.auth, { message });
  const note = `internal ${word()}`;
  await callApi(app.server, 'POST', `/api/support-tickets/${ticket.id}/add_reply/`, staff.auth, { message: note, is_internal: true });

  const row = await knex()('support_tickets').where({ id: ticket.id }).first();
  t.regex(row.description_enc, /^fc1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/);
  t.is(row.description_enc.split('.')[1], row.enc_key_id);
  const { rows } = await knex().raw('SELECT row_to_json(t)::text AS raw FROM support_tickets t WHERE id = ?', [ticket.id]);
  for (const w of normaliseWords(secret).filter((x) => x.length > 3)) t.false(rows[0].raw.toLowerCase().includes(w), `"${w}" not stored in clear`);
  t.false(rows[0].raw.includes(secret));
  const replies = await knex().raw('SELECT row_to_json(r)::text AS raw FROM support_ticket_replies r WHERE ticket_id = ?', [ticket.id]);
  t.is(replies.rows.length, 2);
  t.false(replies.rows.some((r: { raw: string }) => r.raw.includes(message) || r.raw.includes(note)));
  // and the reader gets the text back
  const read = await callApi(app.server, 'GET', `/api/support-tickets/${ticket.id}/`, staff.auth);
  t.is(read.body.description, secret);
  t.deepEqual(read.body.replies.map((r: { message: string }) => r.message), [message, note]);
  // two encryptions of the same text differ (random IV)
  const twin = await buildTicket(app.server, owner, { description: secret });
  t.not((await knex()('support_tickets').where({ id: twin.id }).first()).description_enc.split('.')[4], row.description_enc.split('.')[4]);
});

test('the row id is bound as associated data: a ciphertext moved to another row, column or key does not decrypt', async (t) => {
  const a = await buildTicket(app.server, owner, { description: 'ticket A text' });
  const b = await buildTicket(app.server, owner, { description: 'ticket B text' });
  const crypto = app.server.app.services.support.crypto;
  const rowA = await knex()('support_tickets').where({ id: a.id }).first();
  t.is(crypto.description.decrypt(rowA.description_enc, a.id), 'ticket A text');
  t.throws(() => crypto.description.decrypt(rowA.description_enc, b.id), { instanceOf: FieldDecryptionError });
  t.throws(() => crypto.reply.decrypt(rowA.description_enc, a.id), { instanceOf: FieldDecryptionError }, 'another purpose (column)');
  const parts = rowA.description_enc.split('.');
  const flipped = [...parts];
  flipped[4] = Buffer.from(Buffer.from(parts[4], 'base64url').map((x: number, i: number) => (i === 0 ? x ^ 1 : x))).toString('base64url');
  t.throws(() => crypto.description.decrypt(flipped.join('.'), a.id), { instanceOf: FieldDecryptionError }, 'tampered ciphertext');
  t.throws(() => crypto.description.decrypt([parts[0], 'nokey', ...parts.slice(2)].join('.'), a.id), { message: /unknown key id nokey/ });
  t.throws(() => crypto.description.decrypt('plain text', a.id), { instanceOf: FieldDecryptionError });
});

test('keyrings: the first configured key is active, older keys and the SECRET_KEY-derived key decrypt only; bad key lists stop start-up', (t) => {
  const k1 = randomBytes(32);
  const k2 = randomBytes(32);
  const secret = 'x'.repeat(40);
  const old = new FieldCipher(Keyring.fromConfig(`k1:${k1.toString('base64url')}`, secret, 'field-encryption'), 'p');
  const derivedOnly = new FieldCipher(Keyring.fromConfig('', secret, 'field-encryption'), 'p');
  const both = new FieldCipher(Keyring.fromConfig(`k2:${k2.toString('hex')},k1:${k1.toString('base64')}`, secret, 'field-encryption'), 'p');
  t.is(old.activeKeyId, 'k1');
  t.regex(derivedOnly.activeKeyId, /^sk[0-9a-f]{8}$/);
  t.is(both.activeKeyId, 'k2');
  const fromOld = old.encrypt('hello', 'row-1');
  const fromDerived = derivedOnly.encrypt('dev data', 'row-1');
  t.is(both.decrypt(fromOld.value, 'row-1'), 'hello');
  t.is(both.decrypt(fromDerived.value, 'row-1'), 'dev data', 'data written before keys were configured stays readable');
  t.throws(() => old.decrypt(both.encrypt('new', 'row-1').value, 'row-1'), { message: /unknown key id k2/ });
  t.is(FieldCipher.keyIdOf(fromOld.value), 'k1');

  for (const bad of ['k1:short', 'k1', `k1:${k1.toString('hex')},k1:${k2.toString('hex')}`, `bad id!:${k1.toString('hex')}`, `k1:${randomBytes(16).toString('hex')}`]) {
    t.throws(() => loadConfig({ ...process.env, FIELD_ENCRYPTION_KEYS: bad }), { instanceOf: ConfigError }, bad);
    t.throws(() => loadConfig({ ...process.env, BLIND_INDEX_KEYS: bad }), { instanceOf: ConfigError }, bad);
  }
  t.notThrows(() => testConfig(rotatedEnv));
});

test('rotation: a gateway with a new active key reads old rows and finds them by search; the re-encryption moves them to the new keys', async (t) => {
  const unique = word();
  const ticket = await buildTicket(app.server, owner, { description: `Rotation check ${unique}` });
  const reply = await callApi(app.server, 'POST', `/api/support-tickets/${ticket.id}/add_reply/`, owner.auth, { message: 'reply before rotation' });
  const before = await knex()('support_tickets').where({ id: ticket.id }).first();
  t.not(before.enc_key_id, NEW_FIELD_KEY);

  // the rotated gateway: old rows decrypt with the old key, search digests cover both index keys
  const read = await callApi(rotated.server, 'GET', `/api/support-tickets/${ticket.id}/`, owner.auth);
  t.is(read.status, 200);
  t.is(read.body.description, `Rotation check ${unique}`);
  t.is((await callApi(rotated.server, 'GET', `/api/support-tickets/?search=${unique}`, owner.auth)).body.count, 1);
  const fresh = await buildTicket(rotated.server, owner, { description: `Written after rotation ${unique}` });
  const freshRow = await knex()('support_tickets').where({ id: fresh.id }).first();
  t.is(freshRow.enc_key_id, NEW_FIELD_KEY);
  t.is(freshRow.search_key_id, NEW_INDEX_KEY);
  t.is((await callApi(rotated.server, 'GET', `/api/support-tickets/?search=${unique}`, owner.auth)).body.count, 2, 'rows under either index key are found');

  // the re-encryption (limited to this test's tickets: other test files share the database)
  const rotatedCrypto = new TicketCrypto(rotated.config);
  const result = await reencryptSupportData(rotated.server.app.platform, rotatedCrypto, { batchSize: 1, ticketIds: [ticket.id, fresh.id] });
  t.like(result, { tickets: 1, replies: 1, field_key_id: NEW_FIELD_KEY, index_key_id: NEW_INDEX_KEY });
  const after = await knex()('support_tickets').where({ id: ticket.id }).first();
  t.like(after, { enc_key_id: NEW_FIELD_KEY, search_key_id: NEW_INDEX_KEY });
  t.is((await knex()('support_ticket_replies').where({ id: reply.body.id }).first()).enc_key_id, NEW_FIELD_KEY);
  t.is((await callApi(rotated.server, 'GET', `/api/support-tickets/${ticket.id}/`, owner.auth)).body.replies[0].message, 'reply before rotation');
  t.is((await callApi(rotated.server, 'GET', `/api/support-tickets/?search=${unique}`, owner.auth)).body.count, 2);
  t.deepEqual(await reencryptSupportData(rotated.server.app.platform, rotatedCrypto, { ticketIds: [ticket.id, fresh.id] }), { tickets: 0, replies: 0, field_key_id: NEW_FIELD_KEY, index_key_id: NEW_INDEX_KEY }, 'a rerun finds nothing to do');

  // the old gateway, which lacks the new key, can no longer read them: the old key is retired
  t.throws(() => app.server.app.services.support.crypto.description.decrypt(after.description_enc, ticket.id), { message: new RegExp(`unknown key id ${NEW_FIELD_KEY}`) });
  await knex()('support_tickets').whereIn('id', [ticket.id, fresh.id]).delete();
});
