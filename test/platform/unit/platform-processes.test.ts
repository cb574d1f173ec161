// The process handle `npm start` and the cluster harness share: waiting for what a
// process prints must see a line that arrives after its 'exit' event (Node may emit
// 'exit' before the last data of its pipes), and must still end when the pipes never close.
import test from 'ava';
import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import type { ChildProcess } from 'node:child_process';
import { watchProcess } from '../../../scripts/platform-processes.js';

function fakeChild() {
  const child = new EventEmitter() as EventEmitter & { stdout: PassThrough; stderr: PassThrough };
  child.stdout = new PassThrough();
  child.stderr = new PassThrough();
  return child;
}
const tick = () => new Promise((resolve) => setImmediate(resolve));

test('a line printed right before exiting is seen and echoed, also when it arrives after the exit event', async (t) => {
  const child = fakeChild();
  const echoed: string[] = [];
  const watched = watchProcess(child as unknown as ChildProcess, 'web', 'web', { echo: (line) => echoed.push(line) });
  const ready = watched.waitFor(/READY on \d+/, 5000);
  child.emit('exit', 0, null);
  await tick();
  child.stdout.write('READY on 8000');
  await tick();
  child.emit('close', 0, null);
  t.is(await ready, 'READY on 8000');
  t.true(watched.ended());
  t.deepEqual(echoed, ['web | READY on 8000']);
});

test('once the pipes closed without the line, the wait fails at once with the output', async (t) => {
  const child = fakeChild();
  const watched = watchProcess(child as unknown as ChildProcess, 'web', 'web');
  const ready = watched.waitFor(/READY/, 60_000);
  child.stderr.write('config: SECRET_KEY is missing');
  await tick();
  child.emit('exit', 1, null);
  child.emit('close', 1, null);
  const err = await t.throwsAsync(ready);
  t.regex(err!.message, /web exited before printing \/READY\/: config: SECRET_KEY is missing/);
});

test('a pipe a grandchild holds open does not keep the wait open long after the exit', async (t) => {
  const child = fakeChild();
  const watched = watchProcess(child as unknown as ChildProcess, 'worker', 'worker');
  const started = Date.now();
  const ready = watched.waitFor(/READY/, 60_000);
  child.emit('exit', 1, null);
  await t.throwsAsync(ready, { message: /worker exited before printing/ });
  t.true(Date.now() - started < 10_000);
});
