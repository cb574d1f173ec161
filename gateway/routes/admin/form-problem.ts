// A form sent with bad input is shown again with what is wrong (400), rather than an
// error page: joi's failures on the form's fields, and the domain's Invalid (a
// resolution missing, an assignee who is not staff…). Anything else goes on to the
// admin's error page.
import type { Request, ResponseObject, ResponseToolkit } from '@hapi/hapi';
import type { ValidationError } from 'joi';
import { DomainError } from '../../../jobs/runtime/errors.js';

export interface FormProblem {
  /** which form on the page the problem belongs to */
  form: string;
  message: string;
  details: { path: string; message: string }[];
}

/** The problem a form's failure describes, or null when it is not about the input. */
export function formProblem(form: string, err: unknown): FormProblem | null {
  if (err instanceof DomainError && err.kind === 'invalid') {
    const details = Array.isArray(err.details) ? (err.details as { path: string; message: string }[]).map((d) => ({ path: d.path, message: d.message })) : [];
    return { form, message: err.message, details };
  }
  const joi = err as ValidationError & { isBoom?: boolean };
  if (Array.isArray(joi?.details)) {
    const details = joi.details.map((d) => ({ path: d.path.join('.') || String(d.context?.key ?? ''), message: d.message.replace(/"/g, '') }));
    return { form, message: `Please correct the form: ${details.map((d) => d.message).join('; ')}`, details };
  }
  return null;
}

/**
 * validate.failAction of a form: the page again, with the problem, answered 400.
 * `render` draws the page (it may itself fail: a missing row is still a 404).
 */
export const reRenderOnInvalid =
  (form: string, render: (request: Request, h: ResponseToolkit, problem: FormProblem) => Promise<ResponseObject>) =>
  async (request: Request, h: ResponseToolkit, err?: Error) => {
    const problem = formProblem(form, err);
    if (!problem) throw err;
    return (await render(request, h, problem)).code(400).takeover();
  };
