import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { buildUser, type TestUser } from '../../factories/users.js';
import { joinTeam } from '../../factories/inventory.js';

let app: TestApp;
test.before(async () => {
  app = await startApp({ workers: false });
});
test.after.always(async () => app?.stop());

type Headers = Record<string, string>;
const call = (method: string, url: string, user: TestUser | null, payload?: unknown, headers: Headers = {}) =>
  app.server.inject({ method, url, payload: payload as object, headers: { ...(user ? user.auth : {}), ...headers } });
const json = (res: { payload: string }) => JSON.parse(res.payload);

async function teamOf(owner: TestUser, name = 'Warehouse crew') {
  const res = await call('POST', '/api/teams/', owner, { name, description: 'Night shift' });
  if (res.statusCode !== 201) throw new Error(res.payload);
  return json(res) as { id: number; name: string };
}

test('create a team: the caller becomes its owner and only member; the list shows it', async (t) => {
  const owner = await buildUser(app.server);
  const empty = await call('GET', '/api/teams/', owner);
  t.is(empty.statusCode, 200);
  t.deepEqual(json(empty), { count: 0, next: null, previous: null, results: [] });

  const res = await call('POST', '/api/teams/', owner, { name: '  Warehouse crew  ', description: 'Night shift' });
  t.is(res.statusCode, 201);
  const team = json(res);
  t.is(team.name, 'Warehouse crew');
  t.is(team.description, 'Night shift');
  t.is(team.my_role, 'owner');
  t.is(team.member_count, 1);
  t.is(team.owner.id, owner.id);
  t.is(team.owner.email, owner.email);
  t.deepEqual(team.members.map((m: { user_id: string; role: string }) => [m.user_id, m.role]), [[owner.id, 'owner']]);

  const list = json(await call('GET', '/api/teams/', owner));
  t.is(list.count, 1);
  t.is(list.results[0].id, team.id);

  const one = await call('GET', `/api/teams/${team.id}/`, owner);
  t.is(one.statusCode, 200);
  t.is(json(one).id, team.id);
});

test('a second team is refused with 409 already_in_team, also for concurrent creates', async (t) => {
  const owner = await buildUser(app.server);
  await teamOf(owner);
  const second = await call('POST', '/api/teams/', owner, { name: 'Another' });
  t.is(second.statusCode, 409);
  t.is(json(second).error.code, 'already_in_team');

  const racer = await buildUser(app.server);
  const answers = await Promise.all([1, 2, 3].map((n) => call('POST', '/api/teams/', racer, { name: `Race ${n}` })));
  t.deepEqual(answers.map((r) => r.statusCode).sort(), [201, 409, 409]);
  t.is(json(await call('GET', '/api/teams/', racer)).count, 1);
});

test('create validates the name', async (t) => {
  const user = await buildUser(app.server);
  const missing = await call('POST', '/api/teams/', user, { description: 'x' });
  t.is(missing.statusCode, 400);
  t.is(json(missing).error.code, 'validation_error');
  t.deepEqual(json(missing).error.details.map((d: { path: string }) => d.path), ['name']);
  const blank = await call('POST', '/api/teams/', user, { name: '   ' });
  t.is(blank.statusCode, 400);
  const long = await call('POST', '/api/teams/', user, { name: 'x'.repeat(151) });
  t.is(long.statusCode, 400);
  const wrongType = await call('POST', '/api/teams/', user, { name: 42 });
  t.is(wrongType.statusCode, 400);
  for (const name of ['evil\r\nBcc: x@example.com', 'bell\u0007', 'abc\u202egnp.exe']) {
    const res = await call('POST', '/api/teams/', user, { name });
    t.is(res.statusCode, 400, JSON.stringify(name));
    t.deepEqual(json(res).error.details.map((d: { path: string }) => d.path), ['name']);
  }
  const hidden = await call('POST', '/api/teams/', user, { name: 'Fine', description: 'line one\u0007' });
  t.is(hidden.statusCode, 400);
  t.is(json(await call('GET', '/api/teams/', user)).count, 0, 'nothing was created');
  const multiline = await call('POST', '/api/teams/', user, { name: 'Café Ünïcode 🧾', description: 'line one\n\tline two' });
  t.is(multiline.statusCode, 201, multiline.payload);
  t.is(json(multiline).description, 'line one\n\tline two');
});

test('team endpoints need a bearer token', async (t) => {
  for (const [method, url] of [
    ['GET', '/api/teams/'],
    ['POST', '/api/teams/'],
    ['GET', '/api/teams/1/'],
    ['POST', '/api/teams/1/add-member/'],
    ['POST', '/api/teams/1/remove-member/'],
    ['POST', '/api/teams/1/leave/'],
    ['GET', '/api/teams/1/invitations/'],
    ['DELETE', '/api/teams/1/invitations/1/'],
    ['GET', '/api/teams/invitations/'],
    ['POST', '/api/teams/invitations/1/accept/'],
    ['POST', '/api/teams/invitations/1/decline/'],
    ['GET', '/api/teams/recent-activity/'],
  ]) {
    const res = await call(method, url, null, method === 'POST' ? { name: 'x' } : undefined);
    t.is(res.statusCode, 401, `${method} ${url}`);
    t.is(json(res).error.code, 'not_authenticated');
  }
});

test('invited by e-mail and by user id, members join by accepting and then see the team', async (t) => {
  const owner = await buildUser(app.server);
  const byEmail = await buildUser(app.server);
  const byId = await buildUser(app.server);
  const team = await teamOf(owner);

  const a = await call('POST', `/api/teams/${team.id}/add-member/`, owner, { email: byEmail.email.toUpperCase() });
  t.is(a.statusCode, 202);
  t.like(json(a).invitation, { team_id: team.id, email: byEmail.email, user_id: null, status: 'pending' });
  const b = await call('POST', `/api/teams/${team.id}/add-member/`, owner, { user_id: byId.id });
  t.is(b.statusCode, 202);
  t.like(json(b).invitation, { email: null, user_id: byId.id });
  t.is(json(await call('GET', `/api/teams/${team.id}/`, owner)).member_count, 1, 'nobody joined yet');

  for (const [who, res] of [[byEmail, a], [byId, b]] as const) {
    const accepted = await call('POST', `/api/teams/invitations/${json(res).invitation.id}/accept/`, who);
    t.is(accepted.statusCode, 200);
    t.like(json(accepted), { id: team.id, my_role: 'member' });
  }
  const seen = json(await call('GET', `/api/teams/${team.id}/`, byEmail));
  t.is(seen.my_role, 'member');
  t.is(seen.member_count, 3);
  t.deepEqual(seen.members.map((m: { user_id: string }) => m.user_id), [owner.id, byEmail.id, byId.id]);
  const list = json(await call('GET', '/api/teams/', byId));
  t.is(list.results[0].id, team.id);

  const profile = json(await call('GET', '/api/profiles/me/', byId));
  t.is(profile.team_id, team.id);
  t.is(profile.team_role, 'member');

  const ownTeam = await call('POST', '/api/teams/', byId, { name: 'Breakaway' });
  t.is(ownTeam.statusCode, 409, 'a member cannot create a second team');
});

test('add-member: a member who is not the owner gets 403 not_team_owner', async (t) => {
  const owner = await buildUser(app.server);
  const member = await buildUser(app.server);
  const outsider = await buildUser(app.server);
  const team = await teamOf(owner);
  await joinTeam(app.server, owner, member, team.id);
  const res = await call('POST', `/api/teams/${team.id}/add-member/`, member, { user_id: outsider.id });
  t.is(res.statusCode, 403);
  t.is(json(res).error.code, 'not_team_owner');
  t.is(json(await call('GET', '/api/teams/invitations/', outsider)).count, 0);
});

test('add-member: members of this team are 409; foreign and missing teams are 404', async (t) => {
  const owner = await buildUser(app.server);
  const team = await teamOf(owner);
  const self = await call('POST', `/api/teams/${team.id}/add-member/`, owner, { user_id: owner.id });
  t.is(self.statusCode, 409);
  t.is(json(self).error.code, 'already_member');
  const selfByEmail = await call('POST', `/api/teams/${team.id}/add-member/`, owner, { email: owner.email });
  t.is(json(selfByEmail).error.code, 'already_member');

  const otherOwner = await buildUser(app.server);
  await teamOf(otherOwner, 'Rivals');
  const newcomer = await buildUser(app.server);
  const foreign = await call('POST', `/api/teams/${team.id}/add-member/`, otherOwner, { user_id: newcomer.id });
  t.is(foreign.statusCode, 404, 'an owner of another team cannot invite to this one');
  const missingTeam = await call('POST', '/api/teams/2147483000/add-member/', owner, { user_id: newcomer.id });
  t.is(missingTeam.statusCode, 404);
});

test('one team per user holds at acceptance, also for concurrent accepts', async (t) => {
  const [ownerA, ownerB, wanted] = await Promise.all([buildUser(app.server), buildUser(app.server), buildUser(app.server)]);
  const [teamA, teamB] = await Promise.all([teamOf(ownerA, 'A'), teamOf(ownerB, 'B')]);
  const invA = json(await call('POST', `/api/teams/${teamA.id}/add-member/`, ownerA, { user_id: wanted.id })).invitation;
  const invB = json(await call('POST', `/api/teams/${teamB.id}/add-member/`, ownerB, { email: wanted.email })).invitation;
  const answers = await Promise.all([
    call('POST', `/api/teams/invitations/${invA.id}/accept/`, wanted),
    call('POST', `/api/teams/invitations/${invB.id}/accept/`, wanted),
  ]);
  t.deepEqual(answers.map((r) => r.statusCode).sort(), [200, 409]);
  t.is(json(answers.find((r) => r.statusCode === 409)!).error.code, 'already_in_team');
  t.is(json(await call('GET', '/api/teams/', wanted)).count, 1);
});

test('add-member validates its input', async (t) => {
  const owner = await buildUser(app.server);
  const other = await buildUser(app.server);
  const team = await teamOf(owner);
  const url = `/api/teams/${team.id}/add-member/`;
  const neither = await call('POST', url, owner, {});
  t.is(neither.statusCode, 400);
  const both = await call('POST', url, owner, { email: other.email, user_id: other.id });
  t.is(both.statusCode, 400);
  const badEmail = await call('POST', url, owner, { email: 'nope' });
  t.is(json(badEmail).error.details[0].path, 'email');
  const badId = await call('POST', url, owner, { user_id: 'not-a-uuid' });
  t.is(json(badId).error.details[0].path, 'user_id');
  const badRole = await call('POST', url, owner, { user_id: other.id, role: 'owner' });
  t.is(badRole.statusCode, 400, 'nobody can be invited as a second owner');
  const badTeam = await call('POST', '/api/teams/abc/add-member/', owner, { user_id: other.id });
  t.is(badTeam.statusCode, 400);
  t.is(json(await call('GET', '/api/teams/', other)).count, 0);
  t.is(json(await call('GET', '/api/teams/invitations/', other)).count, 0, 'no invitation either');
});

test('GET /api/teams/{id}/: outsiders and unknown ids are 404, bad ids 400', async (t) => {
  const owner = await buildUser(app.server);
  const outsider = await buildUser(app.server);
  const team = await teamOf(owner);
  t.is((await call('GET', `/api/teams/${team.id}/`, outsider)).statusCode, 404);
  t.is((await call('GET', '/api/teams/2147483000/', owner)).statusCode, 404);
  t.is((await call('GET', '/api/teams/abc/', owner)).statusCode, 400);
  t.is((await call('GET', '/api/teams/99999999999/', owner)).statusCode, 400);
});

test('recent activity: team members see the creation and the additions; a teamless user sees their own', async (t) => {
  const owner = await buildUser(app.server);
  const member = await buildUser(app.server);
  const loner = await buildUser(app.server);
  const team = await teamOf(owner, 'Audited');
  await joinTeam(app.server, owner, member, team.id);

  for (const who of [owner, member]) {
    const res = await call('GET', '/api/teams/recent-activity/', who);
    t.is(res.statusCode, 200);
    const body = json(res);
    t.deepEqual(body.scope, { profile_type: 'team', team_id: team.id });
    const actions = body.results.map((r: { action: string; entity_type: string }) => `${r.action}:${r.entity_type}`);
    t.deepEqual(actions, ['add_member:team_member', 'invite_member:team_invitation', 'create:team'], 'newest first');
    t.is(body.results[0].actor.id, member.id, 'the member joined by accepting');
    t.is(body.results[1].actor.id, owner.id);
    t.true(body.results[0].summary.includes(member.email));
    t.true(body.results.every((r: { team_id: number }) => r.team_id === team.id));
  }

  await call('PATCH', '/api/profiles/me/', loner, { company: 'Solo Ltd' });
  const own = json(await call('GET', '/api/teams/recent-activity/', loner));
  t.deepEqual(own.scope, { profile_type: 'self', team_id: null });
  t.deepEqual(own.results.map((r: { action: string }) => r.action), ['update', 'login'], 'newest first: the profile change, then the login');
  t.like(own.results[0], { entity_type: 'profile', profile_type: 'self', team_id: null });
  t.deepEqual(own.results[0].changes.company, { from: '', to: 'Solo Ltd' });
  t.true(own.results.every((r: { actor: { id: string } }) => r.actor.id === loner.id), 'nobody else\'s activity');

  const limited = json(await call('GET', '/api/teams/recent-activity/?limit=1', owner));
  t.is(limited.count, 1);
  t.is((await call('GET', '/api/teams/recent-activity/?limit=0', owner)).statusCode, 400);
  t.is((await call('GET', '/api/teams/recent-activity/?limit=abc', owner)).statusCode, 400);
});

test('scope headers: own team 200; a team the caller is not in, or an unknown team, 403; malformed 400', async (t) => {
  const owner = await buildUser(app.server);
  const outsider = await buildUser(app.server);
  const team = await teamOf(owner);
  const url = '/api/teams/recent-activity/';

  const mine = await call('GET', url, owner, undefined, { 'X-Profile-Type': 'team', 'X-Team-Id': String(team.id) });
  t.is(mine.statusCode, 200);
  t.deepEqual(json(mine).scope, { profile_type: 'team', team_id: team.id });
  const implied = await call('GET', url, owner, undefined, { 'X-Team-Id': String(team.id) });
  t.is(implied.statusCode, 200, 'X-Team-Id alone selects the team scope');
  const self = await call('GET', url, owner, undefined, { 'X-Profile-Type': 'SELF' });
  t.is(self.statusCode, 200);

  const foreign = await call('GET', url, outsider, undefined, { 'X-Profile-Type': 'team', 'X-Team-Id': String(team.id) });
  t.is(foreign.statusCode, 403);
  t.is(json(foreign).error.code, 'not_team_member');
  const unknown = await call('GET', url, owner, undefined, { 'X-Profile-Type': 'team', 'X-Team-Id': '987654321' });
  t.is(unknown.statusCode, 403);
  t.is(json(unknown).error.code, 'not_team_member');

  const cases: [Headers, string, string][] = [
    [{ 'X-Profile-Type': 'company' }, 'invalid_profile_type', 'X-Profile-Type'],
    [{ 'X-Profile-Type': 'team' }, 'invalid_team_id', 'X-Team-Id'],
    [{ 'X-Profile-Type': 'team', 'X-Team-Id': 'abc' }, 'invalid_team_id', 'X-Team-Id'],
    [{ 'X-Profile-Type': 'team', 'X-Team-Id': '-4' }, 'invalid_team_id', 'X-Team-Id'],
    [{ 'X-Profile-Type': 'team', 'X-Team-Id': '99999999999999999999' }, 'invalid_team_id', 'X-Team-Id'],
  ];
  for (const [headers, code, path] of cases) {
    const res = await call('GET', url, owner, undefined, headers);
    t.is(res.statusCode, 400, JSON.stringify(headers));
    t.is(json(res).error.code, code);
    t.is(json(res).error.details[0].path, path);
  }

  // the scope is resolved for every authenticated route, not only team routes
  const profile = await call('GET', '/api/profiles/me/', outsider, undefined, { 'X-Profile-Type': 'team', 'X-Team-Id': String(team.id) });
  t.is(profile.statusCode, 403);
});
