// A bad value in any setting stops start-up with one line naming the variable; the
// values read are those the declarations promise.
import test from 'ava';
import { loadConfig, ConfigError } from '../../../jobs/runtime/config.js';

// every generated secret set: nothing is read from or written to a secrets file
const secrets = { SECRET_KEY: 'k'.repeat(40), KYC_API_SECRET: 'a'.repeat(20), KYC_CALLBACK_SECRET: 'c', KYC_WEBHOOK_SECRET: 'w', BILLING_WEBHOOK_SECRET: 'b'.repeat(20) };

function problem(env: Record<string, string>): string {
  try {
    loadConfig({ ...secrets, ...env });
  } catch (err) {
    if (err instanceof ConfigError) return err.message;
    throw err;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
}

const BAD: [string, string, RegExp][] = [
  ['OTP_TTL_MINUTES', '99', /^invalid configuration: "OTP_TTL_MINUTES" must be less than or equal to 15$/],
  ['WORKER_CONCURRENCY', '0', /^invalid configuration: "WORKER_CONCURRENCY" must be greater than or equal to 1$/],
  ['ACCESS_TOKEN_TTL_MINUTES', '20.5', /^invalid configuration: "ACCESS_TOKEN_TTL_MINUTES" must be an integer$/],
  ['REDIS_URL', 'http://127.0.0.1:6379', /^invalid configuration: "REDIS_URL" must be a valid uri with a scheme matching the redis\|rediss pattern$/],
  ['PUBLIC_BASE_URL', 'not a url', /^invalid configuration: "PUBLIC_BASE_URL" must be a valid uri/],
  ['AI_ENGINE', 'gpt', /^invalid configuration: "AI_ENGINE" must be one of \[offline, openai\]$/],
  ['NODE_ENV', 'staging', /^invalid configuration: "NODE_ENV" must be one of \[development, test, production\]$/],
  ['PASSWORD_SCRYPT_COST', '1000', /^invalid configuration: "PASSWORD_SCRYPT_COST" must be one of \[1024, /],
];

for (const [name, value, message] of BAD) {
  test(`${name}=${value} is one clear error naming the variable`, (t) => {
    const text = problem({ [name]: value });
    t.regex(text, message);
    t.false(text.includes('\n'), 'one line');
  });
}

test('several bad values are reported together, in one line', (t) => {
  const text = problem({ PORT: 'abc', KYC_SWEEP_EVERY_MINUTES: '-1', INVOICE_SECOND_ENGINE: 'easyocr' });
  for (const name of ['PORT', 'KYC_SWEEP_EVERY_MINUTES', 'INVOICE_SECOND_ENGINE']) t.regex(text, new RegExp(`"${name}"`));
  t.false(text.includes('\n'));
});

test('a check across settings names both', (t) => {
  t.is(problem({ KYC_ENGINE: 'onfido' }), 'invalid configuration: KYC_ENGINE must be inhouse, external or sumsub (KYC_PROVIDER_NAME)');
  t.is(loadConfig({ ...secrets, KYC_PROVIDER_NAME: 'onfido', KYC_ENGINE: 'onfido' }).kyc.engine, 'external');
});

test('defaults, derived defaults and conversions', (t) => {
  const c = loadConfig({ ...secrets, PORT: '9000', KYC_PORT: '9001', AI_ENGINE: 'OpenAI', WORKER_QUEUES: ' mail, ai ,', OPENAI_BASE_URL: 'http://127.0.0.1:8080/v1/' });
  t.is(c.port, 9000);
  t.is(c.publicBaseUrl, 'http://localhost:9000');
  t.is(c.kycUrl, 'http://127.0.0.1:9001');
  t.is(c.kyc.callbackUrl, 'http://127.0.0.1:9000');
  t.is(c.ai.engine, 'openai');
  t.is(c.ai.openaiBaseUrl, 'http://127.0.0.1:8080/v1');
  t.deepEqual(c.workerQueues, ['mail', 'ai']);
  t.is(c.otpTtlMinutes, 10);
  t.deepEqual(c.socketLimits, { maxSocketsPerUser: 10, messagesPerSecond: 10, burst: 20 });
  t.deepEqual(c.generatedSecrets, []);
  t.is(loadConfig({ ...secrets, PUBLIC_BASE_URL: 'https://shop.example/' }).kyc.callbackUrl, 'https://shop.example');
});
