// Answers of the status-bearing endpoints carry the applicant's status version in a
// header, so the main service can order its mirror updates (bodies stay exactly the spec's).
import type { ResponseToolkit } from '@hapi/hapi';
import { VERSION_HEADER } from '../../jobs/kyc-contract.js';
import type { Answer } from '../services/applicant-service.js';

export function versioned<B extends object>(h: ResponseToolkit, answer: Answer<B>) {
  return h.response(answer.body).header(VERSION_HEADER, String(answer.version));
}
