// Request bodies of the projected product writes: JSON, or multipart/form-data
// turned into the same JSON shape (gateway/plugins/multipart-as-json.ts) before validation.
import type { RouteOptionsPayload } from '@hapi/hapi';

/** the whole request; each image is also capped (5 MiB) and counted */
export const WRITE_MAX_BYTES = 48 * 1024 * 1024;

export const writePayload: RouteOptionsPayload = {
  output: 'data',
  parse: true,
  multipart: { output: 'annotated' },
  maxBytes: WRITE_MAX_BYTES,
  allow: ['application/json', 'multipart/form-data'],
};
