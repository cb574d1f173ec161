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
import { startApp, type TestApp } from './app.js';
import type { TestFn } from 'ava';

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

export interface BrowserStage {
  /** the in-process app, for factories and the database */
  app: TestApp;
  web: WebProcess;
  browser: Browser;
}

/**
 * The stage a browser test file plays on: an in-process app (factories), the real `web`
 * process sharing its queue prefix and secret, and one headless browser, all stopped
 * after the file. `prepare` runs between the app and the web process (the data the
 * pages show); `env` is added to the web process's. Nothing starts without Chromium.
 */
export function browserStage(test: TestFn, opts: { env?: Record<string, string>; prepare?: (app: TestApp) => Promise<void> } = {}): BrowserStage {
  const stage = {} as BrowserStage;
  test.before(async () => {
    if (!hasChromium) return;
    stage.app = await startApp({ workers: false });
    await opts.prepare?.(stage.app);
    stage.web = await startWeb({ QUEUE_PREFIX: stage.app.config.queuePrefix, SECRET_KEY: stage.app.config.secretKey, ...opts.env });
    stage.browser = await launchBrowser();
  });
  test.after.always(async () => {
    await stage.browser?.close();
    await stage.web?.stop();
    await stage.app?.stop();
  });
  return stage;
}
