// The microservice's services, built on the shared platform handles (its own knex on
// the same database, the job producer). The kyc process builds them once; workers
// build them lazily for the kyc jobs (re-pull, callback delivery, sweep).
import type { Knex } from 'knex';
import type { Platform } from '../../db/platform.js';
import { ProjectService } from './project-service.js';
import { ProviderRegistry } from './provider-registry.js';
import { CallbackService } from './callback-service.js';
import { StatusSync } from './status-sync.js';
import { ApplicantService } from './applicant-service.js';
import { WebhookService } from './webhook-service.js';
import { InhouseService } from './inhouse-service.js';
import { ReviewService } from './review-service.js';
import { SweepService } from './sweep-service.js';
import { ApplicantLimits } from './applicant-limits.js';

export interface KycServices {
  projects: ProjectService;
  providers: ProviderRegistry;
  callbacks: CallbackService;
  sync: StatusSync;
  applicants: ApplicantService;
  webhooks: WebhookService;
  inhouse: InhouseService;
  reviews: ReviewService;
  sweep: SweepService;
  /** per-applicant rate limits of the microservice's own surface */
  limits: ApplicantLimits;
}

export function createKycServices(platform: Platform, opts: { webhookRecordDb?: Knex } = {}): KycServices {
  const { knex, config, producer, log } = platform;
  const projects = new ProjectService(knex, config);
  const providers = new ProviderRegistry(knex, config);
  const callbacks = new CallbackService(knex, config, producer, projects, log);
  const sync = new StatusSync(knex, providers, projects, callbacks, log);
  const limits = new ApplicantLimits(platform.redis, config.queuePrefix, log);
  return {
    projects,
    providers,
    callbacks,
    sync,
    applicants: new ApplicantService(knex, providers, sync, limits),
    webhooks: new WebhookService(opts.webhookRecordDb ?? knex, producer, log),
    inhouse: new InhouseService(knex, config, sync, limits),
    reviews: new ReviewService(knex, config, sync),
    sweep: new SweepService(knex, config, producer, callbacks),
    limits,
  };
}

const perPlatform = new WeakMap<Platform, KycServices>();

/** The kyc services of a worker process (one set per platform). */
export function kycServicesOf(platform: Platform): KycServices {
  let s = perPlatform.get(platform);
  if (!s) {
    s = createKycServices(platform);
    perPlatform.set(platform, s);
  }
  return s;
}
