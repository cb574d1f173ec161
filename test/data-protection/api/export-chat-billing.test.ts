// The export's support chat (decrypted) and billing sections: the caller's chat sessions
// and messages in clear, their subscriptions, payment methods and invoices; none of
// another user's.
import test from 'ava';
import AdmZip from 'adm-zip';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, type TestUser } from '../../factories/users.js';
import { word } from '../../factories/support.js';
import { callApi as api } from '../../helpers/http.js';
import { ChatStore } from '../../../domain/support/chat/chat-store.js';
import { createChatCiphers } from '../../../domain/support/chat/chat-ciphers.js';

let app: TestApp;
let hana: TestUser;
let ivan: TestUser;
const words = { hana: `where is my parcel ${word()}`, ivan: `ivan asks ${word()}` };
test.before(async () => {
  app = await startApp({ workers: false });
  [hana, ivan] = await Promise.all([buildUser(app.server), buildUser(app.server)]);
  const store = new ChatStore(app.server.app.platform.knex, createChatCiphers(app.config));
  for (const [user, text] of [[hana, words.hana], [ivan, words.ivan]] as const) {
    const session = await store.createSession(user.id, 'en');
    await store.insertUserMessage(session, text);
  }
  for (const user of [hana, ivan]) {
    const pm = await api(app.server, 'POST', '/api/payment-methods/', user.auth, { token: 'pm_card_visa', brand: 'visa', last4: user === hana ? '4242' : '1881', exp_month: 12, exp_year: 2099 });
    if (pm.status !== 201) throw new Error(`payment method -> ${pm.status} ${JSON.stringify(pm.body)}`);
    const plans = await api(app.server, 'GET', '/api/subscription-plans/?code=pro', user.auth);
    const sub = await api(app.server, 'POST', '/api/user-subscriptions/', user.auth, { plan: plans.body.results[0].id, interval: 'month' });
    if (sub.status !== 201) throw new Error(`subscription -> ${sub.status} ${JSON.stringify(sub.body)}`);
  }
});
test.after.always(async () => app?.stop());

test('the export holds the caller\'s chat in clear and their subscriptions and payment methods, nobody else\'s', async (t) => {
  const r = await api(app.server, 'POST', '/api/gdpr-export-request/', hana.auth);
  t.is(r.status, 202);
  await app.server.app.services.dataProtection.exports.run(r.body.id);
  const res = await api(app.server, 'GET', `/api/data-export-requests/${r.body.id}/download/`, hana.auth);
  t.is(res.status, 200);
  const zip = new AdmZip(res.raw);
  const json = (name: string) => JSON.parse(zip.readAsText(name));
  const messages = json('support/support_chat_messages.json') as { content: string; content_enc?: string }[];
  t.deepEqual(messages.map((m) => m.content), [words.hana], 'decrypted');
  t.deepEqual((json('support/support_chat_sessions.json') as { title: string }[]).map((s) => s.title), [words.hana]);
  const subscriptions = json('billing/user_subscriptions.json') as { owner_id: string; status: string }[];
  t.is(subscriptions.length, 1);
  t.is(subscriptions[0].owner_id, hana.id);
  t.deepEqual((json('billing/payment_methods.json') as { last4: string }[]).map((p) => p.last4), ['4242']);
  const everything = zip.getEntries().filter((e) => e.entryName.endsWith('.json')).map((e) => zip.readAsText(e)).join('\n');
  t.false(everything.includes(words.ivan), 'no other user\'s chat');
  t.false(everything.includes('1881'), 'no other user\'s card');
  t.false(everything.includes(ivan.id));
});
