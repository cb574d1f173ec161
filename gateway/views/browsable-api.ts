// The browsable API page's own style and script (the page is put together in
// gateway/plugins/browsable-api.ts, whose policy allows exactly these two blocks by
// hash). The script is plain browser JavaScript kept as text: no backtick and no
// "${" in it. Data from the server is only ever set as DOM text (createTextNode,
// textContent) or as the href of a link whose URL it checked to be http(s) or a path
// of this site: never parsed as markup.

export const BROWSABLE_STYLE = `
body{font-family:system-ui,sans-serif;margin:0;color:#222;background:#fafafa}
header{background:#1f3a5f;color:#fff;padding:.6rem 1rem;display:flex;gap:1rem;align-items:center;flex-wrap:wrap}
header a{color:#fff}
header #who{margin-left:auto;font-size:.9rem}
header form{display:flex;gap:.4rem;align-items:center;font-size:.9rem}
header input{width:5rem}
header button{margin-top:0}
main{max-width:70rem;margin:0 auto;padding:1rem}
h1{font-size:1.4rem;font-family:ui-monospace,monospace;word-break:break-all}
.allow{color:#555}
#status{font-family:ui-monospace,monospace;margin:.5rem 0}
#status.error{color:#a40000}
nav#pages{display:flex;gap:1rem;margin:.5rem 0}
pre{background:#fff;border:1px solid #ddd;padding:.8rem;overflow:auto;white-space:pre-wrap;word-break:break-word}
textarea{width:100%;font-family:ui-monospace,monospace;box-sizing:border-box}
button{margin-top:.5rem;padding:.4rem 1rem}
pre:empty{display:none}
.key{color:#7a3e9d}.str{color:#1a7f37}.num{color:#0550ae}.lit{color:#cf222e}
`;

export const BROWSABLE_SCRIPT = `
(function () {
  'use strict';
  var token = localStorage.getItem('docsAccessToken');
  var status = document.getElementById('status');
  var body = document.getElementById('body');
  var pages = document.getElementById('pages');
  var who = document.getElementById('who');
  var logout = document.getElementById('logout');

  // the scope the calls act in (X-Profile-Type, X-Team-Id), kept for this origin like the token
  var scope = {};
  try { scope = JSON.parse(localStorage.getItem('browsableScope') || '{}') || {}; } catch (e) {}
  function headers(extra) {
    var h = { Accept: 'application/json' };
    if (token) h.Authorization = 'Bearer ' + token;
    if (scope.type === 'team') {
      h['X-Profile-Type'] = 'team';
      h['X-Team-Id'] = String(scope.team || '');
    }
    for (var k in extra || {}) h[k] = extra[k];
    return h;
  }
  // the same URL without ?format (the page asks for JSON by its Accept header)
  function selfUrl() {
    var url = new URL(location.href);
    url.searchParams.delete('format');
    url.hash = '';
    return url.toString();
  }
  // a string worth a link: an http(s) URL, or a path of this site with no {placeholder}
  function linkOf(value) {
    if (/^\\/(?!\\/)[^\\s{}<>"]*$/.test(value)) return value;
    try {
      var url = new URL(value);
      if ((url.protocol === 'http:' || url.protocol === 'https:') && !/[{}]/.test(value)) return url.toString();
    } catch (e) {}
    return null;
  }
  function text(parent, s, cls) {
    if (!cls) return parent.appendChild(document.createTextNode(s));
    var span = document.createElement('span');
    span.className = cls;
    span.textContent = s;
    parent.appendChild(span);
  }
  function link(parent, href, label) {
    var a = document.createElement('a');
    a.href = href;
    a.textContent = label;
    if (new URL(href, location.href).origin !== location.origin) a.rel = 'noopener noreferrer nofollow';
    parent.appendChild(a);
    return a;
  }
  // JSON.stringify(value, null, 2), built as DOM nodes so that URLs become links
  function show(parent, value, indent) {
    var pad = '  '.repeat(indent);
    if (value === null || typeof value === 'boolean') return text(parent, String(value), 'lit');
    if (typeof value === 'number') return text(parent, String(value), 'num');
    if (typeof value === 'string') {
      var href = linkOf(value);
      if (!href) return text(parent, JSON.stringify(value), 'str');
      text(parent, '"');
      link(parent, href, value);
      return text(parent, '"');
    }
    var isArray = Array.isArray(value);
    var keys = isArray ? value.map(function (_, i) { return i; }) : Object.keys(value);
    if (!keys.length) return text(parent, isArray ? '[]' : '{}');
    text(parent, isArray ? '[\\n' : '{\\n');
    keys.forEach(function (key, i) {
      text(parent, pad + '  ');
      if (!isArray) {
        text(parent, JSON.stringify(String(key)), 'key');
        text(parent, ': ');
      }
      show(parent, value[key], indent + 1);
      text(parent, i < keys.length - 1 ? ',\\n' : '\\n');
    });
    text(parent, pad + (isArray ? ']' : '}'));
  }
  function showStatus(el, res) {
    el.textContent = 'HTTP ' + res.status + ' ' + res.statusText;
    el.className = res.ok ? '' : 'error';
  }
  async function readBody(res) {
    var raw = await res.text();
    try { return { json: JSON.parse(raw) }; } catch (e) { return { raw: raw }; }
  }
  function showPages(data) {
    pages.textContent = '';
    if (!data || typeof data !== 'object' || Array.isArray(data)) return;
    if (typeof data.count === 'number') text(pages, data.count + ' in all');
    [['previous', '\\u00ab previous'], ['next', 'next \\u00bb']].forEach(function (p) {
      var href = typeof data[p[0]] === 'string' ? linkOf(data[p[0]]) : null;
      if (href) link(pages, href, p[1]).id = 'page-' + p[0];
    });
  }
  async function load() {
    status.textContent = 'Loading\\u2026';
    var res;
    try {
      res = await fetch(selfUrl(), { headers: headers(), cache: 'no-store' });
    } catch (e) {
      status.textContent = 'The request failed: ' + e.message;
      status.className = 'error';
      return;
    }
    showStatus(status, res);
    if (res.status === 401) text(status, token ? ' \\u2014 the stored token was refused: log in again' : ' \\u2014 log in to see this');
    var read = await readBody(res);
    body.textContent = '';
    if ('json' in read) show(body, read.json, 0); else text(body, read.raw);
    showPages(read.json);
  }

  // the JSON link keeps the page's own query (page, filters)
  var asJson = new URL(selfUrl());
  asJson.searchParams.set('format', 'json');
  document.getElementById('as-json').href = asJson.toString();

  who.textContent = token ? 'A token from the docs login is used' : 'Not logged in';
  logout.hidden = !token;
  logout.addEventListener('click', function () {
    localStorage.removeItem('docsAccessToken');
    location.reload();
  });

  var scopeType = document.getElementById('scope-type');
  var scopeTeam = document.getElementById('scope-team');
  scopeType.value = scope.type === 'team' ? 'team' : 'self';
  scopeTeam.value = scope.team ? String(scope.team) : '';
  document.getElementById('scope').addEventListener('submit', function (ev) {
    ev.preventDefault();
    scope = scopeType.value === 'team' ? { type: 'team', team: scopeTeam.value } : {};
    localStorage.setItem('browsableScope', JSON.stringify(scope));
    load();
  });

  var form = document.getElementById('post-form');
  if (form) {
    form.addEventListener('submit', async function (ev) {
      ev.preventDefault();
      var out = document.getElementById('post-result');
      var postStatus = document.getElementById('post-status');
      var source = document.getElementById('post-body').value;
      out.textContent = '';
      try { JSON.parse(source); } catch (e) {
        postStatus.textContent = 'Not JSON: ' + e.message;
        postStatus.className = 'error';
        return;
      }
      postStatus.textContent = 'Sending\\u2026';
      postStatus.className = '';
      var res;
      try {
        res = await fetch(selfUrl(), { method: 'POST', headers: headers({ 'Content-Type': 'application/json' }), body: source });
      } catch (e) {
        postStatus.textContent = 'The request failed: ' + e.message;
        postStatus.className = 'error';
        return;
      }
      showStatus(postStatus, res);
      var read = await readBody(res);
      if ('json' in read) show(out, read.json, 0); else text(out, read.raw);
      if (res.ok) load();
    });
  }
  load();
})();
`;
