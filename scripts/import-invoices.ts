// Batch import of invoice documents (see README, "Invoice import"):
//   npm run import-invoices -- --inventory 3 --box 7 [--family "Supplies"] [--apply] [--concurrency 4] <folder|file...>
// Every file is previewed (at most --concurrency at a time) and, with --apply, the
// lines that are ready are stored (sessions with lines to review are left for a
// person; fee, levy, deposit, shipping and discount lines are not stock and are left
// out). An invoice the scope has already stored — the same file, or the same seller and
// invoice number (or seller, date and total) — is skipped and reported as `duplicate`,
// unless --include-duplicates stores it again. Prints a summary table; exits 1 when
// any file failed.
//   --api <base-url> with --token, --refresh or --email   through the HTTP API (see USAGE)
//   --user <email>                      otherwise directly through the job queues, in that user's scope
//   --workers                           (queue mode) also consume the queues in this process
//   --team <id>                         team scope instead of the user's own
//   --include-duplicates                store invoices already stored before (confirm_duplicate)
//   --file-timeout <seconds>            one file's overall deadline (default 600)
import fs from 'node:fs/promises';
import path from 'node:path';
import cliProgress from 'cli-progress';
import Table from 'cli-table3';
import { loadConfig } from '../jobs/runtime/config.js';
import { runEntry } from '../jobs/runtime/entry.js';
import { ApiClient, QueueClient, type ImportClient, type Target } from './import-invoices/clients.js';
import { ApiSession } from './import-invoices/api-session.js';
import { parseCommandLine, usageError } from './cli.js';

const USAGE = `
usage: npm run import-invoices -- --inventory <id> --box <id> [--family <name>] [--apply]
         [--include-duplicates] [--concurrency <n>] [--team <id>] <folder|file...>
       through the API:    --api <base-url> (--token <bearer> | --refresh <refresh token> | --email <e-mail>)
       through the queues: --user <e-mail> [--workers]

Previews every invoice document (PDF, PNG, JPEG, WebP, TIFF, XML, CSV) of the folders
and files given; with --apply stores the lines that are ready. Prints a summary table;
exits 1 when a file failed, 2 on a usage mistake.

  --inventory, --box  where the stock goes (required)
  --family            product family of new products (default "Imported from invoices")
  --apply             store the ready lines (default: preview only); fee, levy, deposit,
                      shipping and discount lines are not stock and are left out
  --include-duplicates  with --apply, also store invoices this scope already stored
                      (the same file, or the same seller and number); skipped otherwise
  --concurrency       documents at a time, 1-32 (default 4)
  --file-timeout      seconds one file may take in all, uploads and waits for its jobs
                      included (default 600); past it the file is reported failed
  --team              team scope instead of your own
  --api               the platform's base URL (or INVP_API_URL)
  --token             a bearer token (or INVP_TOKEN): best a personal API token (ipt_…, from
                      POST /api/auth/api-tokens/), which lasts; an access token lasts 30
                      minutes and cannot be renewed on its own
  --refresh           a refresh token (or INVP_REFRESH_TOKEN): the access token is renewed
                      before it expires, for runs of any length
  --email             log in as this user (or INVP_EMAIL) with the password in INVP_PASSWORD
  --user              queue mode: act as this user, on a machine with the platform's
                      DATABASE_URL and REDIS_URL
  --workers           queue mode: also consume the invoices and imports queues here
  -h, --help          this text

Answers 429 (rate limited) and 503 are retried after their Retry-After; any other
answer that is not 2xx while a job is polled (401 after a revoked token, 404 once the
job expired) ends that file, reported with the status.
`;

const DOCUMENTS = /\.(pdf|png|jpe?g|webp|tiff?|xml|csv)$/i;

interface Outcome {
  file: string;
  status: 'previewed' | 'applied' | 'needs review' | 'duplicate' | 'failed';
  session: number | null;
  vendor: string;
  number: string;
  lines: number;
  ready: number;
  stored: number;
  error: string;
}

async function documents(inputs: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const input of inputs) {
    const stat = await fs.stat(input);
    if (stat.isDirectory()) out.push(...(await fs.readdir(input)).filter((f) => DOCUMENTS.test(f)).sort().map((f) => path.join(input, f)));
    else out.push(input);
  }
  return out;
}

async function importOne(client: ImportClient, file: string, target: Target, apply: boolean, includeDuplicates: boolean, deadline: number): Promise<Outcome> {
  const o: Outcome = { file: path.basename(file), status: 'failed', session: null, vendor: '', number: '', lines: 0, ready: 0, stored: 0, error: '' };
  const p = await client.preview(file, target, deadline);
  if (!p.ok) {
    o.error = p.body?.error?.message ?? p.body?.message ?? 'preview failed';
    return o;
  }
  const b = p.body;
  Object.assign(o, { status: 'previewed', session: b.session_id, vendor: b.invoice?.vendor_name ?? '', number: b.invoice?.invoice_number ?? '', lines: b.lines.length, ready: b.summary.ready_to_apply });
  if (!apply) return o;
  // already stored by an earlier session: not again, unless asked
  if (b.duplicate_of?.session_status === 'applied' && !includeDuplicates) {
    o.status = 'duplicate';
    o.error = `already stored by session ${b.duplicate_of.session_id}`;
    return o;
  }
  const ready = b.lines.filter((l: { status: string }) => l.status === 'ready');
  if (!ready.length) {
    o.status = 'needs review';
    return o;
  }
  const lines = ready.map((l: Record<string, unknown>) => ({ line_number: l.line_number, product_id: l.product_id, product_name: l.product_name, selected_quantity: l.selected_quantity, inventory_id: l.inventory_id, storage_box_id: l.storage_box_id }));
  const s = await client.store(b.session_id, target.family, lines, includeDuplicates, deadline);
  // stored meanwhile by another session (e.g. the same file twice in this run)
  if (!s.ok && (s.body?.error?.code === 'duplicate_invoice' || s.body?.duplicate_of)) {
    o.status = 'duplicate';
    o.error = `already stored by session ${s.body.duplicate_of?.session_id ?? '?'}`;
    return o;
  }
  if (!s.ok) {
    o.status = 'failed';
    o.error = s.body?.message ?? s.body?.error?.message ?? 'bulk store failed';
    return o;
  }
  o.status = ready.length < b.lines.length ? 'needs review' : 'applied';
  o.stored = s.body.summary?.processed_lines ?? ready.length;
  return o;
}

await runEntry('import-invoices', async () => {
  const { values, positionals } = parseCommandLine('import-invoices', USAGE, {
    allowPositionals: true,
    options: {
      inventory: { type: 'string' }, box: { type: 'string' }, family: { type: 'string', default: 'Imported from invoices' },
      apply: { type: 'boolean', default: false }, concurrency: { type: 'string', default: '4' },
      api: { type: 'string' }, token: { type: 'string' }, refresh: { type: 'string' }, email: { type: 'string' },
      user: { type: 'string' }, team: { type: 'string' }, workers: { type: 'boolean', default: false },
      'include-duplicates': { type: 'boolean', default: false }, 'file-timeout': { type: 'string', default: '600' },
    },
  });
  const api = values.api ?? process.env.INVP_API_URL;
  const credentials = {
    token: values.token ?? process.env.INVP_TOKEN,
    refresh: values.refresh ?? process.env.INVP_REFRESH_TOKEN,
    email: values.email ?? process.env.INVP_EMAIL,
    password: process.env.INVP_PASSWORD,
  };
  const inventoryId = Number(values.inventory);
  const storageBoxId = Number(values.box);
  const concurrency = Math.max(1, Math.min(32, Number(values.concurrency) || 4));
  const fileTimeoutMs = Number(values['file-timeout']) * 1000;
  if (!Number.isFinite(fileTimeoutMs) || fileTimeoutMs <= 0) usageError('import-invoices', '--file-timeout takes a number of seconds', USAGE);
  if (!positionals.length) usageError('import-invoices', 'name at least one folder or file', USAGE);
  if (!Number.isInteger(inventoryId) || !Number.isInteger(storageBoxId)) usageError('import-invoices', '--inventory and --box take ids', USAGE);
  if (!api && !values.user) usageError('import-invoices', 'give --api (with credentials) or --user', USAGE);
  if (api && !credentials.token && !credentials.refresh && !(credentials.email && credentials.password)) {
    usageError('import-invoices', '--api needs --token, --refresh, or --email with INVP_PASSWORD', USAGE);
  }
  const files = await documents(positionals);
  const teamId = values.team ? Number(values.team) : undefined;
  const client: ImportClient = api
    ? new ApiClient(new ApiSession(api.replace(/\/+$/, ''), credentials, { log: (line) => console.error(`import-invoices: ${line}`) }), teamId)
    : await QueueClient.open(loadConfig(), values.user!, teamId, values.workers!);
  const target: Target = { inventoryId, storageBoxId, family: values.family! };
  const bar = new cliProgress.SingleBar({ format: 'importing [{bar}] {value}/{total} {file}', hideCursor: true, noTTYOutput: true, notTTYSchedule: 5000 }, cliProgress.Presets.shades_classic);
  bar.start(files.length, 0, { file: '' });
  const results: Outcome[] = new Array(files.length);
  let next = 0;
  try {
    await Promise.all(
      Array.from({ length: Math.min(concurrency, files.length) }, async () => {
        while (next < files.length) {
          const i = next++;
          results[i] = await importOne(client, files[i], target, values.apply!, values['include-duplicates']!, Date.now() + fileTimeoutMs).catch((err) => ({ file: path.basename(files[i]), status: 'failed' as const, session: null, vendor: '', number: '', lines: 0, ready: 0, stored: 0, error: (err as Error).message }));
          bar.increment(1, { file: path.basename(files[i]) });
        }
      }),
    );
  } finally {
    bar.stop();
    await client.close();
  }
  const table = new Table({ head: ['file', 'status', 'session', 'vendor', 'invoice no', 'lines', 'ready', 'stored', 'error'], style: { head: [] } });
  for (const r of results) table.push([r.file, r.status, r.session ?? '', r.vendor, r.number, r.lines, r.ready, r.stored, r.error.slice(0, 60)]);
  console.log(table.toString());
  const failed = results.filter((r) => r.status === 'failed').length;
  console.log(`${files.length} file(s): ${results.filter((r) => r.status === 'applied').length} applied, ${results.filter((r) => r.status === 'previewed').length} previewed, ${results.filter((r) => r.status === 'needs review').length} need review, ${results.filter((r) => r.status === 'duplicate').length} duplicate(s) skipped, ${failed} failed`);
  process.exit(failed ? 1 : 0);
});
