// npm run create-staff -- --email <e> --password <p> [--first-name A --last-name B]
// Creates a verified staff (admin) user, or promotes and re-passwords an existing one.
import { loadConfig } from '../jobs/runtime/config.js';
import { runEntry } from '../jobs/runtime/entry.js';
import { parseCommandLine, usageError } from './cli.js';
import { migrateAndSeed } from '../db/migrate.js';
import { createKnex } from '../db/knex.js';
import { hashPassword } from '../jobs/runtime/secrets.js';
import { normalizeEmail, passwordProblems } from '../domain/accounts/account-service.js';
import { AuthToken, Profile, User } from '../db/models/index.js';

const USAGE = `
usage: npm run create-staff -- --email <e-mail> --password <password> [--first-name <name>] [--last-name <name>]

Creates a verified staff (admin) user, or promotes an existing one and sets its
password (its other sessions are revoked). Uses DATABASE_URL (migrates it first).

  --email        the staff user's e-mail address (required)
  --password     at least the platform's password rules (required)
  --first-name   optional
  --last-name    optional
  -h, --help     this text
`;

await runEntry('create-staff', async () => {
  const { values } = parseCommandLine('create-staff', USAGE, {
    options: { email: { type: 'string' }, password: { type: 'string' }, 'first-name': { type: 'string', default: '' }, 'last-name': { type: 'string', default: '' } },
  });
  if (!values.email || !values.password) usageError('create-staff', '--email and --password are required', USAGE);
  const email = normalizeEmail(values.email);
  const problem = passwordProblems(values.password, email);
  if (problem) {
    console.error(`create-staff: ${problem}`);
    process.exit(2);
  }
  const config = loadConfig();
  await migrateAndSeed(config.databaseUrl);
  const knex = createKnex(config.databaseUrl, { min: 0, max: 2 });
  try {
    const password_hash = await hashPassword(values.password, config.passwordScryptCost);
    const now = new Date();
    const user = await User.query(knex)
      .insert({ email, password_hash, first_name: values['first-name'], last_name: values['last-name'], is_staff: true, email_verified_at: now })
      .onConflict('email')
      .merge({ password_hash, is_staff: true, is_active: true, email_verified_at: knex.raw('coalesce(users.email_verified_at, excluded.email_verified_at)'), updated_at: now })
      .returning(['id', 'email', 'created_at', 'updated_at']);
    await Profile.query(knex).insert({ user_id: user.id }).onConflict('user_id').ignore();
    await AuthToken.query(knex).where({ user_id: user.id }).whereNull('revoked_at').patch({ revoked_at: now, revoked_reason: 'staff_password_set' });
    console.log(`create-staff: ${user.email} (${user.id}) is a verified staff user`);
  } finally {
    await knex.destroy();
  }
});
