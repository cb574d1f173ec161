// The one place configuration is read. Every process (web, worker, kyc, release,
// scripts) loads it the same way, validated once at start-up (fail fast at boot).
// Each setting is declared once in settings/ (variable, joi schema, description,
// secret, group); Config is inferred from those declarations.
import Joi from 'joi';
import path from 'node:path';
import { localSecrets } from './local-secrets.js';
import { readTree, type SettingValues } from './settings/define.js';
import { ALL_SETTINGS, configSettings, CROSS_CHECKS, DEFAULT_SECRETS_FILE, GENERATED_SECRETS, type SettingsConfig } from './settings/index.js';

export { decodeKey } from './settings/index.js';

export interface Config extends SettingsConfig {
  /** the secrets this process took from secretsFile because the environment did not set them */
  generatedSecrets: string[];
}
export type KycConfig = Config['kyc'];
export type AiConfig = Config['ai'];
export type SupportConfig = Config['support'];

export class ConfigError extends Error {}

const schema = Joi.object(Object.fromEntries(ALL_SETTINGS.map((s) => [s.env, s.schema]))).unknown(true);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const unset = GENERATED_SECRETS.filter((name) => env[name] === undefined);
  const values = validate(unset.length ? { ...env, ...generatedSecrets(env, unset) } : env);
  return { ...readTree(configSettings, values), generatedSecrets: unset };
}

/**
 * The secrets the environment did not set, from the install's SECRETS_FILE (created on
 * first start). Production has no such file: every one of them must be set there.
 */
function generatedSecrets(env: NodeJS.ProcessEnv, unset: string[]): Record<string, string> {
  if (env.NODE_ENV === 'production') {
    throw new ConfigError(`invalid configuration: ${unset.join(', ')} must be set in production`);
  }
  let generated: Record<string, string>;
  try {
    generated = localSecrets(path.resolve(env.SECRETS_FILE || DEFAULT_SECRETS_FILE));
  } catch (err) {
    throw new ConfigError(`invalid configuration: ${unset.join(', ')} not set and no generated secrets: ${(err as Error).message}`);
  }
  return Object.fromEntries(unset.map((name) => [name, generated[name]]));
}

/** Every declared setting validated at once: all problems in one line. */
function validate(env: NodeJS.ProcessEnv): SettingValues {
  const { value, error } = schema.validate(env, { abortEarly: false, convert: true });
  if (error) {
    throw new ConfigError(`invalid configuration: ${error.details.map((d) => d.message).join('; ')}`);
  }
  const problems = CROSS_CHECKS.map((check) => check(value)).filter((p): p is string => p !== null);
  if (problems.length) throw new ConfigError(`invalid configuration: ${problems.join('; ')}`);
  return value;
}

/** Hide the password part of a connection URL before it is printed. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}
