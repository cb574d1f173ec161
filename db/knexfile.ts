// For the knex CLI; derived from the same configuration the app uses.
import { loadConfig } from '../gateway/config/env.js';
import { knexConfig } from './knex.js';

export default knexConfig(loadConfig().databaseUrl);
