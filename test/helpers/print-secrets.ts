// Loads the configuration the way every process does and prints the secrets it got
// (used by the tests of generated secrets: several processes must agree).
import { loadConfig } from '../../jobs/runtime/config.js';
import { runEntry } from '../../jobs/runtime/entry.js';

await runEntry('print-secrets', async () => {
  const c = loadConfig();
  console.log(`SECRETS ${JSON.stringify({ SECRET_KEY: c.secretKey, KYC_API_SECRET: c.kyc.apiSecret, KYC_CALLBACK_SECRET: c.kyc.callbackSecret, KYC_WEBHOOK_SECRET: c.kyc.webhookSecret, BILLING_WEBHOOK_SECRET: c.billing.webhookSecrets.join(",") })}`);
});
