// npm run kyc:create-project -- --slug acme --name "Acme" [--engine inhouse|external]
//   [--level basic-kyc-level] [--callback-url https://main.example.com] [--callback-secret S]
//   [--logo-url U] [--primary-color #123456] [--support-email E]
// Creates a verification project and prints its API key and secret (shown only here;
// the secret is stored as a hash and required on every call). The callback secret
// defaults to a new random one.
import { loadConfig } from '../jobs/runtime/config.js';
import { runEntry } from '../jobs/runtime/entry.js';
import { parseCommandLine, usageError } from './cli.js';
import { migrateAndSeed } from '../db/migrate.js';
import { createKnex } from '../db/knex.js';
import { randomToken } from '../jobs/runtime/secrets.js';
import { ProjectService } from '../kyc/services/project-service.js';

const USAGE = `
usage: npm run kyc:create-project -- --slug <a-z0-9-> --name <name> [--engine inhouse|external]
         [--level L] [--callback-url URL] [--callback-secret S] [--logo-url U]
         [--primary-color C] [--support-email E]

Creates a verification project in the kyc microservice's schema (DATABASE_URL) and
prints its API key and secret once (the secret is stored only as a hash).

  --slug             the project's id in URLs (required)
  --name             display name (required)
  --engine           inhouse (default) or external
  --level            verification level (default KYC_LEVEL_NAME)
  --callback-url     base URL status callbacks are posted to (default KYC_CALLBACK_URL)
  --callback-secret  signs callbacks (default: a new random secret, printed)
  --logo-url, --primary-color, --support-email   branding
  -h, --help         this text
`;

await runEntry('kyc-create-project', async () => {
  const { values } = parseCommandLine('kyc-create-project', USAGE, {
    options: {
      slug: { type: 'string' },
      name: { type: 'string' },
      engine: { type: 'string', default: 'inhouse' },
      level: { type: 'string' },
      'callback-url': { type: 'string' },
      'callback-secret': { type: 'string' },
      'logo-url': { type: 'string', default: '' },
      'primary-color': { type: 'string', default: '' },
      'support-email': { type: 'string', default: '' },
    },
  });
  if (!values.slug || !values.name || !/^[a-z0-9][a-z0-9-]{1,62}$/.test(values.slug) || !['inhouse', 'external'].includes(values.engine!)) {
    usageError('kyc-create-project', '--slug (a-z, 0-9, -) and --name are required; --engine is inhouse or external', USAGE);
  }
  const config = loadConfig();
  await migrateAndSeed(config.databaseUrl);
  const knex = createKnex(config.databaseUrl, { min: 0, max: 2 });
  try {
    const callbackSecret = values['callback-secret'] ?? randomToken('kyc_cb_', 32);
    const { project, apiKey, apiSecret } = await new ProjectService(knex, config).create({
      slug: values.slug,
      name: values.name,
      engine: values.engine as 'inhouse' | 'external',
      levelName: values.level ?? config.kyc.levelName,
      callbackUrl: values['callback-url'] ?? config.kyc.callbackUrl,
      callbackSecret,
      logoUrl: values['logo-url'],
      primaryColor: values['primary-color'],
      supportEmail: values['support-email'],
    });
    console.log(`kyc-create-project: project ${project.slug} (${project.engine}, provider ${project.provider_name}) created`);
    console.log(`  KYC_API_KEY=${apiKey}`);
    console.log(`  KYC_API_SECRET=${apiSecret}`);
    console.log(`  KYC_CALLBACK_SECRET=${callbackSecret}`);
    console.log(`  callbacks go to ${project.callback_url}/api/v1/internal/kyc/status-callback/`);
  } finally {
    await knex.destroy();
  }
});
