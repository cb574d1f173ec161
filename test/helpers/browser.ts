// Headless Chromium (Debian's package, nothing downloaded) driven by puppeteer-core,
// and the real `web` process it talks to. Browser tests skip with a message when
// /usr/bin/chromium is missing (.ci/run installs it).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { ROOT, startEntry, type RunningProcess } from './processes.js';
import { closedPort } from './tcp-proxy.js';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from './env.js';

export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = fs.existsSync(CHROMIUM);
export const SCREENSHOTS = path.join(ROOT, 'var', 'screenshots');

export async function launchBrowser(): Promise<Browser> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'chromium-'));
  return puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    // the machine's network is closed: no background, update or sync connections
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', `--user-data-dir=${profile}`],
  });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

export interface WebProcess {
  process: RunningProcess;
  base: string;
  stop(): Promise<void>;
}

/** The `web` entry as the Procfile runs it (under tsx), on a free port, sharing the test's queue prefix and secret. */
export async function startWeb(env: Record<string, string>): Promise<WebProcess> {
  const port = await closedPort();
  const web = startEntry('gateway/index.ts', { DATABASE_URL: TEST_DATABASE_URL, REDIS_URL: TEST_REDIS_URL, LOG_LEVEL: 'info', HOST: '127.0.0.1', PORT: String(port), PUBLIC_BASE_URL: `http://127.0.0.1:${port}`, ...env });
  // a web that did not come up in time is not left running behind the failed test
  await web.waitFor(/gateway listening/).catch(async (err) => {
    web.kill('SIGKILL');
    await web.exited;
    throw err;
  });
  return {
    process: web,
    base: `http://127.0.0.1:${port}`,
    async stop() {
      web.kill('SIGTERM');
      await web.exited;
    },
  };
}
