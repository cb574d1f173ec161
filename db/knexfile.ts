// For the knex CLI; derived from the same configuration the app uses.
import { loadConfig } from '../jobs/runtime/config.js';
import { knexConfig } from './knex.js';

export default knexConfig(loadConfig().databaseUrl);
