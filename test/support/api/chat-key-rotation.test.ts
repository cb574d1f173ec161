// The chat's encrypted columns rotate with the tickets' keyring: after a new key is put
// in front of FIELD_ENCRYPTION_KEYS, the support.reencrypt work moves sessions, messages
// and drafts to it, and they still read back; the old key alone can no longer read them.
import test from 'ava';
import { actorFor } from '../../../domain/shared/actor.js';
import { selfScope } from '../../../domain/shared/scope.js';
import { randomBytes } from 'node:crypto';
import { startApp, type TestApp } from '../../helpers/app.js';
import { testConfig } from '../../helpers/env.js';
import { buildUser } from '../../factories/users.js';
import { createPlatform, closePlatform } from '../../../db/platform.js';
import { createServices } from '../../../domain/index.js';
import { ask, createSession, json } from '../chat-helpers.js';

const oldKey = `k1:${randomBytes(32).toString('base64')}`;
const newKey = `k2:${randomBytes(32).toString('base64')}`;
let app: TestApp;
test.before(async () => {
  app = await startApp({ workers: ['ai'], env: { FIELD_ENCRYPTION_KEYS: oldKey } });
});
test.after.always(async () => {
  await app?.stop();
});

test('re-encryption moves the chat to the active key; the data reads back', async (t) => {
  const user = await buildUser(app.server);
  const session = await createSession(app.server, user);
  await ask(app.server, user, session.id, 'Is there a discount for schools?');
  const { knex } = app.server.app.platform;
  const keysOf = async () => ({
    sessions: (await knex('support_chat_sessions').where({ id: session.id }).pluck('enc_key_id')) as string[],
    messages: (await knex('support_chat_messages').where({ session_id: session.id }).pluck('enc_key_id')) as string[],
    drafts: (await knex('support_chat_ticket_drafts').where({ session_id: session.id }).pluck('enc_key_id')) as string[],
  });
  const before = await keysOf();
  t.deepEqual([...new Set([...before.sessions, ...before.messages, ...before.drafts])], ['k1']);
  t.is(before.drafts.length, 1, 'the unanswerable question left a draft');

  const rotated = createPlatform(testConfig({ FIELD_ENCRYPTION_KEYS: `${newKey},${oldKey}` }), 'test');
  try {
    const result = await createServices(rotated).supportChat.reencrypt([session.id]);
    t.deepEqual(result, { chat_sessions: 1, chat_messages: 2, chat_drafts: 1 });
    const after = await keysOf();
    t.deepEqual([...new Set([...after.sessions, ...after.messages, ...after.drafts])], ['k2']);
    const read = await createServices(rotated).supportChat.chat.getSession(actorFor(user.id, selfScope(user.id)), session.id);
    t.is(read.session.title, 'Is there a discount for schools?');
    t.is(read.messages[0].content, 'Is there a discount for schools?');
    t.true(read.messages[1].should_offer_ticket);
    t.deepEqual(await createServices(rotated).supportChat.reencrypt([session.id]), { chat_sessions: 0, chat_messages: 0, chat_drafts: 0 }, 'a rerun has nothing left');
  } finally {
    await closePlatform(rotated);
  }
  // the old ring alone no longer reads it
  const res = await app.server.inject({ method: 'GET', url: `/api/v1/support/chat/sessions/${session.id}/`, headers: user.auth });
  t.not(res.statusCode, 200);
  t.truthy(json(res).error);
});
