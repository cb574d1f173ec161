import type { ServerRoute } from '@hapi/hapi';
import { htmlPage, pagePolicy } from '../../http/security-headers.js';

// The admin interface: a small staff console in the browser. It signs in through the
// public API (staff accounts only) and reads the staff endpoints; all the rules stay
// in the API, the page only displays them.
const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Admin · Inventory Platform</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>
body{font-family:system-ui,sans-serif;margin:0;color:#1d2330}header{background:#1d2330;color:#fff;padding:.8rem 1.2rem;display:flex;gap:1rem;align-items:center}
header h1{font-size:1.1rem;margin:0;flex:1}main{padding:1.2rem}nav button{margin-right:.4rem}table{border-collapse:collapse;width:100%;font-size:.9rem}
th,td{border-bottom:1px solid #ddd;padding:.35rem .5rem;text-align:left}th{background:#f4f5f7}#login{max-width:22rem}#login input{display:block;width:100%;margin:.3rem 0 .8rem;padding:.45rem}
.err{color:#b00020}.muted{color:#667}
</style></head>
<body><header><h1>Inventory Platform · Admin</h1><span id="who" class="muted"></span><button id="out" hidden>Sign out</button></header>
<main>
<form id="login"><h2>Staff sign-in</h2><label>E-mail<input id="e" type="email" required autocomplete="username"></label><label>Password<input id="p" type="password" required autocomplete="current-password"></label><button>Sign in</button><p id="lerr" class="err"></p></form>
<section id="app" hidden>
<nav><button data-view="users">Users</button><button data-view="otps">OTP history</button><button data-view="audit">Audit log</button><button data-view="health">Health</button> <a href="/api/docs/">API docs</a></nav>
<p id="err" class="err"></p><div id="view"></div></section>
</main>
<script>
const KEY = 'adminAccessToken';
const $ = (id) => document.getElementById(id);
const esc = (v) => String(v ?? '').replace(/[&<>"]/g, (c) => '&#' + c.charCodeAt(0) + ';');
async function api(path) {
  const res = await fetch(path, { headers: { authorization: 'Bearer ' + sessionStorage.getItem(KEY) } });
  const body = await res.json().catch(() => ({}));
  if (res.status === 401) { signOut(); throw new Error('Session expired'); }
  if (!res.ok) throw new Error(body.error ? body.error.message : 'HTTP ' + res.status);
  return body;
}
function table(rows, cols) {
  if (!rows.length) return '<p class="muted">Nothing here.</p>';
  return '<table><tr>' + cols.map((c) => '<th>' + esc(c) + '</th>').join('') + '</tr>' +
    rows.map((r) => '<tr>' + cols.map((c) => '<td>' + esc(typeof r[c] === 'object' && r[c] !== null ? JSON.stringify(r[c]) : r[c]) + '</td>').join('') + '</tr>').join('') + '</table>';
}
const views = {
  users: async () => { const b = await api('/api/users/?page_size=100'); return '<h2>Users (' + b.count + ')</h2>' + table(b.results, ['email', 'first_name', 'last_name', 'is_verified', 'is_staff', 'is_active', 'team_id', 'date_joined', 'last_login_at']); },
  otps: async () => { const b = await api('/api/auth/otp/history/?page_size=100'); return '<h2>One-time codes (' + b.count + ')</h2>' + table(b.results, ['email', 'purpose', 'status', 'attempts', 'max_attempts', 'created_at', 'expires_at']); },
  audit: async () => { const b = await api('/api/teams/recent-activity/?limit=100'); return '<h2>Recent activity</h2>' + table(b.results, ['created_at', 'action', 'entity_type', 'entity_id', 'summary']); },
  health: async () => { const res = await fetch('/api/health/'); return '<h2>Health</h2><pre>' + esc(JSON.stringify(await res.json(), null, 2)) + '</pre>'; },
};
async function show(name) { $('err').textContent = ''; try { $('view').innerHTML = await views[name](); } catch (e) { $('err').textContent = e.message; } }
function signOut() { sessionStorage.removeItem(KEY); $('app').hidden = true; $('out').hidden = true; $('login').hidden = false; $('who').textContent = ''; }
async function start() {
  const me = await api('/api/profiles/me/');
  if (!me.is_staff) { signOut(); $('lerr').textContent = 'This account is not staff.'; return; }
  $('who').textContent = me.email; $('login').hidden = true; $('app').hidden = false; $('out').hidden = false; show('users');
}
$('login').addEventListener('submit', async (ev) => {
  ev.preventDefault(); $('lerr').textContent = '';
  const res = await fetch('/api/auth/login/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: $('e').value, password: $('p').value }) });
  const body = await res.json();
  if (!res.ok) { $('lerr').textContent = body.error ? body.error.message : 'Sign-in failed'; return; }
  sessionStorage.setItem(KEY, body.access); start();
});
$('out').addEventListener('click', signOut);
document.querySelectorAll('nav button').forEach((b) => b.addEventListener('click', () => show(b.dataset.view)));
if (sessionStorage.getItem(KEY)) start().catch(signOut);
</script></body></html>`;

// the inline script and style are allowed by their hashes; nothing else runs
const policy = pagePolicy(page);

export default {
  method: 'GET',
  path: '/admin/',
  options: { auth: false, tags: ['index'], description: 'Admin interface (staff sign-in in the browser)' },
  handler: (_request, h) => htmlPage(h, page, policy),
} satisfies ServerRoute;
