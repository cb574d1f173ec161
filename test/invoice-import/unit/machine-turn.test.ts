// The machine-wide turn of the second OCR engine (workers/ocr/machine-turn.ts): a reading
// waits while another process holds the lock, gives up at its deadline, takes over a lock
// whose process is gone, and the PaddleOCR reading holds it while it reads.
import test from 'ava';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { machineLockPath, withMachineTurn } from '../../../workers/ocr/machine-turn.js';
import sharp from 'sharp';
import { MACHINE_LOCK, recognizeLines, shutdownPaddleOcr } from '../../../workers/ocr/paddle-ocr.js';
import { OcrTimeout } from '../../../workers/ocr/recognize.js';

const uniqueName = () => `test-${randomBytes(4).toString('hex')}`;

/** Polls `check` every 25 ms until it holds or `ms` pass. */
async function until(check: () => boolean, ms = 30_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return check();
}

/**
 * Another process that takes the lock file (waiting for it if it is taken), holds it for
 * `holdMs` (forever when 0), writes `marker` and gives it back.
 */
function holder(file: string, holdMs: number, marker: string): ChildProcess {
  const script = `
    const fs = require('fs');
    const take = () => { try { fs.writeFileSync(${JSON.stringify(file)}, String(process.pid), { flag: 'wx' }); return true; } catch { return false; } };
    const tryTake = () => {
      if (!take()) return setTimeout(tryTake, 20);
      if (${holdMs} === 0) return setInterval(() => {}, 1000);
      setTimeout(() => { fs.writeFileSync(${JSON.stringify(marker)}, 'done'); fs.unlinkSync(${JSON.stringify(file)}); process.exit(0); }, ${holdMs});
    };
    tryTake();`;
  return spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
}

const heldBy = (file: string, pid: number | undefined) => {
  try {
    return fs.readFileSync(file, 'utf8') === String(pid);
  } catch {
    return false;
  }
};

test('a reading waits while another process holds the machine\'s turn, and runs once it is given back', async (t) => {
  const name = uniqueName();
  const file = machineLockPath(name);
  const marker = path.join(os.tmpdir(), `${name}.done`);
  const other = holder(file, 1500, marker);
  t.teardown(() => {
    other.kill();
    fs.rmSync(marker, { force: true });
  });
  t.true(await until(() => heldBy(file, other.pid)), 'the other process took the lock');
  const seen = await withMachineTurn(name, performance.now() + 60_000, 60_000, async () => ({ otherDone: fs.existsSync(marker), mine: heldBy(file, process.pid) }));
  t.deepEqual(seen, { otherDone: true, mine: true });
  t.false(fs.existsSync(file), 'given back after the work');
});

test('a reading that cannot get the turn before its deadline is an OCR timeout, and the other process keeps the lock', async (t) => {
  const name = uniqueName();
  const file = machineLockPath(name);
  const other = holder(file, 0, path.join(os.tmpdir(), `${name}.done`));
  t.teardown(() => {
    other.kill();
    fs.rmSync(file, { force: true });
  });
  t.true(await until(() => heldBy(file, other.pid)));
  let ran = false;
  await t.throwsAsync(
    withMachineTurn(name, performance.now() + 400, 400, async () => {
      ran = true;
    }),
    { instanceOf: OcrTimeout },
  );
  t.false(ran);
  t.true(heldBy(file, other.pid));
});

test('a lock left by a process that is gone is taken over', async (t) => {
  const name = uniqueName();
  const file = machineLockPath(name);
  const gone = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
  await new Promise((r) => gone.once('exit', r));
  fs.writeFileSync(file, String(gone.pid));
  t.teardown(() => fs.rmSync(file, { force: true }));
  t.true(await withMachineTurn(name, performance.now() + 60_000, 60_000, async () => heldBy(file, process.pid)));
  t.false(fs.existsSync(file));
});

test.serial('the second OCR engine holds the machine\'s turn while it reads, and gives it back', async (t) => {
  const file = machineLockPath(MACHINE_LOCK);
  t.teardown(() => shutdownPaddleOcr());
  let heldWhileReading = false;
  let reading = true;
  const watch = (async () => {
    while (reading) {
      heldWhileReading ||= heldBy(file, process.pid);
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  const png = await sharp({ create: { width: 300, height: 60, channels: 3, background: 'white' } }).png().toBuffer();
  await recognizeLines(png, { timeoutMs: 120_000 }).finally(() => (reading = false));
  await watch;
  t.true(heldWhileReading);
  t.false(heldBy(file, process.pid));
});
