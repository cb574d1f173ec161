// The sandbox processor's hosted pages (BILLING_PROCESSOR=sandbox only; 404 otherwise):
// a checkout page and an invoice page with "pay" / "fail" buttons. Like a real
// processor's hosted pages they need no sign-in: the unguessable session or invoice id
// in the URL is the capability. The buttons make the sandbox emit signed events to our
// own webhook; nothing here writes a subscription directly. Four tiny routes of one
// page family, kept in one file.
import Joi from 'joi';
import type { Request, ResponseToolkit, ServerRoute } from '@hapi/hapi';
import { htmlPage, pagePolicy } from '../../http/security-headers.js';
import { NotFound } from '../../../jobs/runtime/errors.js';
import type { SandboxProcessor } from '../../../domain/billing/sandbox-processor.js';
import { BillingInvoice } from '../../../db/models/index.js';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const sessionId = Joi.string().pattern(/^sbx_cs_[0-9a-f]{32}$/).required();
const invoiceId = Joi.string().pattern(/^sbx_in_\d+_\d+$/).required();

function page(h: ResponseToolkit, title: string, body: string) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)} · Sandbox payments</title><style>body{font-family:sans-serif;max-width:32rem;margin:3rem auto}button{font-size:1rem;margin-right:1rem;padding:.5rem 1rem}</style></head><body><h1>${esc(title)}</h1><p><em>Sandbox processor: no money moves.</em></p>${body}</body></html>`;
  return htmlPage(h, html, pagePolicy(html));
}

function sandboxOf(request: Request): SandboxProcessor {
  const sandbox = request.server.app.services.billing.sandbox;
  if (!sandbox) throw new NotFound('Page');
  return sandbox;
}

const options = { auth: false as const, tags: ['billing-sandbox'], plugins: { 'hapi-swagger': { exclude: true } } };

export default [
  {
    method: 'GET',
    path: '/billing/sandbox/checkout/{session}/',
    options: { ...options, description: 'Sandbox hosted checkout page', validate: { params: Joi.object({ session: sessionId }) } },
    handler: (request, h) => {
      sandboxOf(request);
      const base = `/billing/sandbox/checkout/${(request.params as { session: string }).session}`;
      return page(h, 'Checkout', `<form method="post" action="${base}/pay/"><button type="submit">Pay</button></form><form method="post" action="${base}/fail/"><button type="submit">Fail</button></form>`);
    },
  },
  {
    method: 'POST',
    path: '/billing/sandbox/checkout/{session}/{outcome}/',
    options: { ...options, description: 'Sandbox checkout outcome', validate: { params: Joi.object({ session: sessionId, outcome: Joi.string().valid('pay', 'fail').required() }) } },
    handler: async (request, h) => {
      const { session, outcome } = request.params as { session: string; outcome: 'pay' | 'fail' };
      const result = await sandboxOf(request).completeCheckout(session, outcome);
      return page(h, result.outcome === 'paid' ? 'Payment accepted' : 'Payment declined', result.outcome === 'paid' ? `<p>Subscription #${result.subscription_id} activates as soon as the webhook is applied.</p>` : `<p>Nothing was charged. <a href="/billing/sandbox/checkout/${esc(session)}/">Try again</a>.</p>`);
    },
  },
  {
    method: 'GET',
    path: '/billing/sandbox/invoices/{invoice}/',
    options: { ...options, description: 'Sandbox hosted invoice page', validate: { params: Joi.object({ invoice: invoiceId }) } },
    handler: async (request, h) => {
      sandboxOf(request);
      const id = (request.params as { invoice: string }).invoice;
      const inv = await BillingInvoice.query(request.server.app.platform.knex).where({ processor: 'sandbox', processor_invoice_id: id }).first();
      if (!inv) throw new NotFound('Invoice');
      const amount = `${(inv.total / 100).toFixed(2)} ${inv.currency}`;
      return page(h, `Invoice ${inv.number}`, `<p>${esc(amount)} · ${esc(inv.status)}</p>${inv.status === 'open' ? `<form method="post" action="/billing/sandbox/invoices/${esc(id)}/pay/"><button type="submit">Pay</button></form>` : ''}`);
    },
  },
  {
    method: 'POST',
    path: '/billing/sandbox/invoices/{invoice}/pay/',
    options: { ...options, description: 'Sandbox: pay an open invoice', validate: { params: Joi.object({ invoice: invoiceId }) } },
    handler: async (request, h) => {
      await sandboxOf(request).payInvoice((request.params as { invoice: string }).invoice);
      return page(h, 'Payment accepted', '<p>The invoice is paid as soon as the webhook is applied.</p>');
    },
  },
] satisfies ServerRoute[];
