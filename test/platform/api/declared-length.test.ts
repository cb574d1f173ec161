// A declared Content-Length over the limit is answered 413 at once and the connection
// closed, before any of the body arrives: a client announcing a huge body and sending
// nothing cannot hold a connection until the server's request timeout.
import net from 'node:net';
import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';

let app: TestApp;
test.before(async () => {
  app = await startApp({ workers: false, listen: true });
});
test.after.always(async () => {
  await app?.stop();
});

/** Sends only the head (and `body`), then reads until the server closes or `ms` pass. */
function announce(path: string, length: number, body = '{}', ms = 3000): Promise<{ head: string; closed: boolean; elapsed: number }> {
  const { port } = new URL(app.url);
  return new Promise((resolve) => {
    const started = Date.now();
    let data = '';
    const socket = net.connect(Number(port), '127.0.0.1', () => {
      socket.write(`POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n${body}`);
    });
    const done = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ head: data, closed, elapsed: Date.now() - started });
    };
    const timer = setTimeout(() => done(false), ms);
    socket.on('data', (d) => (data += d.toString()));
    socket.on('close', () => done(true));
    socket.on('error', () => done(true));
  });
}

test('over the route limit (1 MiB on login): 413 payload_too_large at once, connection closed', async (t) => {
  const res = await announce('/api/auth/login/', 2 * 1024 * 1024);
  t.true(res.closed, 'the server closed the connection');
  t.true(res.elapsed < 2000, `answered in ${res.elapsed} ms`);
  t.regex(res.head, /^HTTP\/1\.1 413/);
  t.regex(res.head, /"code":"payload_too_large"/);
  t.regex(res.head, /at most 1048576/);
});

test('a path no route serves, announcing more than any route takes: 413 at once', async (t) => {
  const res = await announce('/nothing/here/', 999_999_999);
  t.true(res.closed);
  t.regex(res.head, /^HTTP\/1\.1 413/);
  t.regex(res.head, /any endpoint accepts/);
});

test('a body within the limit is read and answered as usual', async (t) => {
  const body = JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password-1' });
  const res = await announce('/api/auth/login/', Buffer.byteLength(body), body, 1500);
  t.regex(res.head, /^HTTP\/1\.1 401/);
});
