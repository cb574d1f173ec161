import type { ServerRoute } from '@hapi/hapi';
import { htmlPage, pagePolicy } from '../../http/security-headers.js';

// A small page that logs in through the public API and hands the access token to
// Swagger UI (/api/docs/ reads it from this origin's localStorage, see ui.ts), so
// authenticated calls can be tried there without copying anything.
const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Docs login · Inventory Platform</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem}label{display:block;margin:.8rem 0 .2rem}input{width:100%;padding:.5rem}button{margin-top:1rem;padding:.6rem 1.2rem}pre{white-space:pre-wrap;word-break:break-all;background:#f4f4f4;padding:.6rem}</style></head>
<body><h1>Docs login</h1><p>Log in to try authenticated endpoints in the <a href="/api/docs/">interactive documentation</a>.</p>
<form id="f"><label for="e">E-mail</label><input id="e" type="email" required autocomplete="username"><label for="p">Password</label><input id="p" type="password" required autocomplete="current-password"><button>Log in</button></form>
<div id="out"></div>
<script>
document.getElementById('f').addEventListener('submit', async (ev) => {
  ev.preventDefault();
  const out = document.getElementById('out');
  const res = await fetch('/api/auth/login/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: document.getElementById('e').value, password: document.getElementById('p').value }) });
  const body = await res.json();
  if (!res.ok) { out.textContent = body.error ? body.error.message : 'Login failed'; return; }
  localStorage.setItem('docsAccessToken', body.access);
  out.textContent = 'Logged in; opening the documentation…';
  location.assign('/api/docs/');
});
</script></body></html>`;

// the inline script and style are allowed by their hashes; nothing else runs
const policy = pagePolicy(page);

export default {
  method: 'GET',
  path: '/api/docs-login/',
  options: { auth: false, tags: ['index'], description: 'Login helper for the interactive documentation' },
  handler: (_request, h) => htmlPage(h, page, policy),
} satisfies ServerRoute;
