// Response headers every answer carries, set in one place:
//   X-Content-Type-Options: nosniff        on every response (JSON, errors, files, pages)
//   Content-Security-Policy                on every HTML page: the page's own policy
//                                          (pagePolicy(): its inline blocks by hash), or
//                                          a deny-all policy for HTML nobody declared
//   X-Frame-Options: DENY, Referrer-Policy: no-referrer   on HTML pages
//   Cache-Control                          API answers are `no-store` (route default set in
//                                          server.ts: tokens and personal data are never
//                                          kept by a browser or proxy); the Swagger UI
//                                          assets may be cached for a day
import { createHash } from 'node:crypto';
import type { Plugin, Request, ResponseObject, ResponseToolkit } from '@hapi/hapi';
import type Boom from '@hapi/boom';

/** HTML nobody declared a policy for (e.g. a library's page) may run nothing at all. */
export const DENY_ALL_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const hash = (code: string) => `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`;
const blocks = (html: string, tag: 'script' | 'style') => [...html.matchAll(new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'gi'))].filter((m) => !/\ssrc=/i.test(m[0].slice(0, m[0].indexOf('>')))).map((m) => m[1]);

export interface PagePolicyOptions {
  /** sources besides 'self' and the page's inline blocks */
  scriptSrc?: string[];
  styleSrc?: string[];
  imgSrc?: string[];
  fontSrc?: string[];
}

/**
 * The CSP of a page we serve: its inline <script> and <style> blocks are allowed by
 * their SHA-256 (computed from the page itself, so editing the page keeps the policy
 * right), scripts and styles otherwise only from this origin, fetches only to it.
 */
export function pagePolicy(html: string, opts: PagePolicyOptions = {}): string {
  const scripts = ["'self'", ...blocks(html, 'script').map(hash), ...(opts.scriptSrc ?? [])];
  const styles = ["'self'", ...blocks(html, 'style').map(hash), ...(opts.styleSrc ?? [])];
  return [
    "default-src 'none'",
    `script-src ${scripts.join(' ')}`,
    `style-src ${styles.join(' ')}`,
    `img-src 'self' data: ${(opts.imgSrc ?? []).join(' ')}`.trim(),
    `font-src 'self' data: ${(opts.fontSrc ?? []).join(' ')}`.trim(),
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Answers an HTML page with its policy. */
export const htmlPage = (h: ResponseToolkit, html: string, policy: string) =>
  h.response(html).type('text/html; charset=utf-8').header('Content-Security-Policy', policy).header('X-Frame-Options', 'DENY').header('Referrer-Policy', 'no-referrer');

const DOC_ASSETS = '/api/swaggerui/';

export const securityHeadersPlugin: Plugin<void> = {
  name: 'platform-security-headers',
  register(server) {
    server.ext('onPreResponse', (request: Request, h: ResponseToolkit) => {
      const response = request.response as ResponseObject | Boom.Boom;
      if ('isBoom' in response && response.isBoom) {
        response.output.headers['X-Content-Type-Options'] = 'nosniff';
        return h.continue;
      }
      const res = response as ResponseObject;
      res.header('X-Content-Type-Options', 'nosniff');
      // a file's type is set only when it is sent: judge it by its name
      const type = String(res.headers['content-type'] ?? '');
      const isHtml = /^text\/html/i.test(type) || /\.html?$/i.test(request.path);
      if (isHtml && !res.headers['content-security-policy']) {
        res.header('Content-Security-Policy', DENY_ALL_POLICY).header('X-Frame-Options', 'DENY');
      }
      if (request.path.startsWith(DOC_ASSETS) && res.statusCode === 200) res.header('Cache-Control', 'public, max-age=86400');
      return h.continue;
    });
  },
};
