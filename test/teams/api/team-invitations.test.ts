// Team membership by consent: add-member invites (the same answer and e-mail for
// registered and unknown addresses), the invitee lists, accepts or declines; members
// leave, the owner removes; only actual members get the team's data and pushes.
import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, uniqueEmail, type TestUser } from '../../factories/users.js';
import { buildItem, buildTree, joinTeam, selfScope, teamScope } from '../../factories/inventory.js';
import { mailsTo } from '../../helpers/mail.js';
import { waitFor } from '../../helpers/kyc.js';
import { connect, wsUrl, type TestSocket } from '../../helpers/ws.js';

let app: TestApp;
test.before(async () => {
  app = await startApp({ workers: ['system', 'mail', 'inventory'], listen: true });
});
test.after.always(async () => app?.stop());

const call = (method: string, url: string, user: TestUser | null, payload?: unknown, headers: Record<string, string> = {}) =>
  app.server.inject({ method, url, payload: payload as object, headers: { ...(user ? user.auth : {}), ...headers } });
const json = (res: { payload: string }) => JSON.parse(res.payload);

async function teamOf(owner: TestUser, name = `Crew ${Math.random().toString(36).slice(2, 8)}`) {
  const res = await call('POST', '/api/teams/', owner, { name });
  if (res.statusCode !== 201) throw new Error(res.payload);
  return json(res) as { id: number; name: string };
}
const invite = async (owner: TestUser, teamId: number, who: { email?: string; user_id?: string }) => {
  const res = await call('POST', `/api/teams/${teamId}/add-member/`, owner, who);
  return { status: res.statusCode, body: json(res) };
};
/** the answer without what differs by nature (its own id and times) */
const shape = (b: { message: string; invitation: Record<string, unknown> }) => ({ message: b.message, keys: Object.keys(b.invitation).sort(), status: b.invitation.status, team_id: b.invitation.team_id });

test('add-member answers the same for registered, unknown and already-teamed addresses, and e-mails each the same way', async (t) => {
  const owner = await buildUser(app.server, { first_name: 'Olga' });
  const team = await teamOf(owner, 'Night shift');
  const registered = await buildUser(app.server);
  const elsewhere = await buildUser(app.server);
  await teamOf(elsewhere, 'Elsewhere');
  const unknown = uniqueEmail('nobody');

  const answers = [await invite(owner, team.id, { email: registered.email }), await invite(owner, team.id, { email: unknown }), await invite(owner, team.id, { email: elsewhere.email })];
  for (const a of answers) t.is(a.status, 202);
  t.deepEqual(shape(answers[1].body), shape(answers[0].body));
  t.deepEqual(shape(answers[2].body), shape(answers[0].body));
  const byId = [await invite(owner, team.id, { user_id: registered.id }), await invite(owner, team.id, { user_id: '6f1c3a52-9a1e-4c1b-8f57-3f0a3e2b9d11' })];
  t.deepEqual(shape(byId[1].body), shape(byId[0].body), 'unknown user ids too');
  for (const a of [...answers, ...byId]) t.false(JSON.stringify(a.body).includes('first_name'), 'nothing about the invitee is looked up into the answer');

  const [toRegistered, toUnknown] = await Promise.all([
    waitFor('mail to the registered address', async () => (await mailsTo(app.config, registered.email)).length >= 1 && mailsTo(app.config, registered.email)),
    waitFor('mail to the unknown address', async () => (await mailsTo(app.config, unknown)).length >= 1 && mailsTo(app.config, unknown)),
  ]);
  // everything but the recipient and the per-message ids
  const words = (m: string) => m.replace(/^(To|Message-ID|Date): .*$/gm, '').replace(/--_NmP-[0-9a-f]+-Part_\d+/g, 'BOUNDARY');
  t.regex(toRegistered[0], /^Subject: .*Invitation/m);
  t.regex(toRegistered[0], /Olga User invited you to join the team "Night shift"/);
  t.is(words(toUnknown[0]), words(toRegistered[0]), 'the same words whether or not the address has an account');
});

test('nobody joins without consent: the invitee sees the invitation but no team data, and no pushes, until accepting', async (t) => {
  const owner = await buildUser(app.server, { first_name: 'Olga' });
  const member = await buildUser(app.server);
  const invitee = await buildUser(app.server);
  const team = await teamOf(owner, 'Cold store');
  await joinTeam(app.server, owner, member, team.id);
  const { body } = await invite(owner, team.id, { email: invitee.email });

  const mine = await call('GET', '/api/teams/invitations/', invitee);
  t.is(mine.statusCode, 200);
  const list = json(mine);
  t.is(list.count, 1);
  t.like(list.results[0], { id: body.invitation.id, team: { id: team.id, name: 'Cold store' } });
  t.regex(list.results[0].invited_by.name, /Olga/);

  t.is((await call('GET', `/api/teams/${team.id}/`, invitee)).statusCode, 404);
  t.is((await call('GET', '/api/teams/recent-activity/', invitee, undefined, { 'X-Team-Id': String(team.id) })).statusCode, 403);
  t.is(json(await call('GET', '/api/teams/', invitee)).count, 0);
  t.false(json(await call('GET', `/api/teams/${team.id}/`, owner)).members.some((m: { user_id: string }) => m.user_id === invitee.id), 'the owner does not see them as a member');

  // a team alert reaches the member, never the invitee
  const sockets: TestSocket[] = [member, invitee].map((u) => connect(wsUrl(app.url, '/ws/notifications/', u.access)));
  t.teardown(() => sockets.forEach((s) => s.close()));
  await Promise.all(sockets.map((s) => s.next('connection.ready')));
  const tree = await buildTree(app.server, owner, teamScope(owner, team.id), team.id);
  await buildItem(app.server, teamScope(owner, team.id), tree, 1, { min_quantity: 5 });
  const teamAlert = await sockets[0].next('inventory.alert');
  // positive marker: an alert of the invitee's own arrives after the team's was relayed
  const own = await buildItem(app.server, selfScope(invitee), await buildTree(app.server, invitee, selfScope(invitee)), 1, { min_quantity: 5 });
  await sockets[1].next('inventory.alert', (m) => m.data.alert.item_id === own.id);
  t.false(sockets[1].messages.some((m) => m.type === 'inventory.alert' && m.data.alert.id === teamAlert.data.alert.id));
  t.is((await app.server.app.platform.knex('notifications').where({ user_id: invitee.id }).whereRaw("data->>'alert_id' = ?", [String(teamAlert.data.alert.id)])).length, 0);

  // another user cannot answer it
  const stranger = await buildUser(app.server);
  t.is((await call('POST', `/api/teams/invitations/${body.invitation.id}/accept/`, stranger)).statusCode, 404);
  t.is((await call('POST', `/api/teams/invitations/${body.invitation.id}/decline/`, stranger)).statusCode, 404);

  const accepted = await call('POST', `/api/teams/invitations/${body.invitation.id}/accept/`, invitee);
  t.is(accepted.statusCode, 200);
  t.is(json(accepted).my_role, 'member');
  t.is((await call('GET', `/api/teams/${team.id}/`, invitee)).statusCode, 200);
  t.is(json(await call('GET', '/api/teams/invitations/', invitee)).count, 0);
  t.is((await call('POST', `/api/teams/invitations/${body.invitation.id}/accept/`, invitee)).statusCode, 404, 'answered once');
});

test('decline, withdraw, expiry and re-inviting', async (t) => {
  const owner = await buildUser(app.server);
  const invitee = await buildUser(app.server);
  const team = await teamOf(owner);
  const first = (await invite(owner, team.id, { email: invitee.email })).body.invitation;
  const again = (await invite(owner, team.id, { email: invitee.email })).body.invitation;
  t.is(again.id, first.id, 'inviting again refreshes the open invitation');
  t.is(json(await call('GET', '/api/teams/invitations/', invitee)).count, 1);

  const sent = await call('GET', `/api/teams/${team.id}/invitations/`, owner);
  t.is(sent.statusCode, 200);
  t.deepEqual(json(sent).results.map((i: { id: number }) => i.id), [first.id]);

  const declined = await call('POST', `/api/teams/invitations/${first.id}/decline/`, invitee);
  t.is(declined.statusCode, 200);
  t.is((await call('POST', `/api/teams/invitations/${first.id}/accept/`, invitee)).statusCode, 404, 'a declined invitation cannot be accepted');
  t.is(json(await call('GET', `/api/teams/${team.id}/invitations/`, owner)).count, 0);

  const fresh = (await invite(owner, team.id, { user_id: invitee.id })).body.invitation;
  t.not(fresh.id, first.id);
  t.is((await call('DELETE', `/api/teams/${team.id}/invitations/${fresh.id}/`, owner)).statusCode, 204);
  t.is((await call('DELETE', `/api/teams/${team.id}/invitations/${fresh.id}/`, owner)).statusCode, 404);
  t.is((await call('POST', `/api/teams/invitations/${fresh.id}/accept/`, invitee)).statusCode, 404, 'withdrawn');

  const late = (await invite(owner, team.id, { email: invitee.email })).body.invitation;
  await app.server.app.platform.knex('team_invitations').where({ id: late.id }).update({ expires_at: new Date(Date.now() - 1000) });
  t.is(json(await call('GET', '/api/teams/invitations/', invitee)).count, 0);
  t.is((await call('POST', `/api/teams/invitations/${late.id}/accept/`, invitee)).statusCode, 404, 'expired');
  t.is((await call('GET', `/api/teams/${team.id}/invitations/`, invitee)).statusCode, 404, 'only the owner lists them');

  for (const bad of ['/api/teams/invitations/abc/accept/', '/api/teams/invitations/0/decline/', '/api/teams/invitations/99999999999/accept/']) t.is((await call('POST', bad, invitee)).statusCode, 400, bad);
});

test('members leave; the owner removes; both lose the team at once', async (t) => {
  const owner = await buildUser(app.server);
  const leaver = await buildUser(app.server);
  const removed = await buildUser(app.server);
  const team = await teamOf(owner);
  await joinTeam(app.server, owner, leaver, team.id);
  await joinTeam(app.server, owner, removed, team.id);

  t.is((await call('POST', `/api/teams/${team.id}/remove-member/`, leaver, { user_id: removed.id })).statusCode, 403, 'members cannot remove');
  const left = await call('POST', `/api/teams/${team.id}/leave/`, leaver);
  t.is(left.statusCode, 200);
  t.is((await call('GET', `/api/teams/${team.id}/`, leaver)).statusCode, 404);
  t.is((await call('GET', '/api/teams/recent-activity/', leaver, undefined, { 'X-Team-Id': String(team.id) })).statusCode, 403);
  t.is((await call('POST', '/api/teams/', leaver, { name: 'My own now' })).statusCode, 201, 'free to create a team again');
  t.is((await call('POST', `/api/teams/${team.id}/leave/`, leaver)).statusCode, 404, 'not a member any more');

  const ownerLeaves = await call('POST', `/api/teams/${team.id}/leave/`, owner);
  t.is(ownerLeaves.statusCode, 409);
  t.is(json(ownerLeaves).error.code, 'owner_cannot_leave');
  t.is((await call('POST', `/api/teams/${team.id}/remove-member/`, owner, { user_id: owner.id })).statusCode, 409);

  const gone = await call('POST', `/api/teams/${team.id}/remove-member/`, owner, { user_id: removed.id });
  t.is(gone.statusCode, 200);
  t.is((await call('GET', '/api/teams/recent-activity/', removed, undefined, { 'X-Team-Id': String(team.id) })).statusCode, 403);
  t.is(json(await call('GET', '/api/teams/', removed)).count, 0);
  t.is((await call('POST', `/api/teams/${team.id}/remove-member/`, owner, { user_id: removed.id })).statusCode, 404, 'not a member');
  t.is((await call('POST', `/api/teams/${team.id}/remove-member/`, owner, { user_id: 'nope' })).statusCode, 400);
  t.is((await call('POST', `/api/teams/${team.id}/remove-member/`, owner, {})).statusCode, 400);
  const outsider = await buildUser(app.server);
  t.is((await call('POST', `/api/teams/${team.id}/remove-member/`, outsider, { user_id: owner.id })).statusCode, 404, 'a foreign team looks absent');
  t.deepEqual(json(await call('GET', `/api/teams/${team.id}/`, owner)).members.map((m: { user_id: string }) => m.user_id), [owner.id]);
});

test('invitations per team are limited (429)', async (t) => {
  const owner = await buildUser(app.server);
  const team = await teamOf(owner);
  for (let i = 0; i < 30; i++) t.is((await invite(owner, team.id, { email: uniqueEmail('bulk') })).status, 202);
  const limited = await invite(owner, team.id, { email: uniqueEmail('bulk') });
  t.is(limited.status, 429);
});

test('the invitation endpoints are in the OpenAPI document', async (t) => {
  const doc = JSON.parse((await app.server.inject('/api/openapi.json')).payload);
  const want: [string, string][] = [
    ['/api/teams/{id}/add-member/', 'post'],
    ['/api/teams/{id}/remove-member/', 'post'],
    ['/api/teams/{id}/leave/', 'post'],
    ['/api/teams/{id}/invitations/', 'get'],
    ['/api/teams/{id}/invitations/{invitation_id}/', 'delete'],
    ['/api/teams/invitations/', 'get'],
    ['/api/teams/invitations/{id}/accept/', 'post'],
    ['/api/teams/invitations/{id}/decline/', 'post'],
  ];
  for (const [path, method] of want) t.truthy(doc.paths[path]?.[method], `${method.toUpperCase()} ${path}`);
  t.truthy(doc.paths['/api/teams/{id}/add-member/'].post.responses['202'], 'add-member documents its 202');
});
