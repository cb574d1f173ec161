// What a sandboxed child sets up when its processor is made (workers/sandboxed-processor.ts):
// no libvips operation cache, whose finished operations would hold the last pictures' pixels.
import test from 'ava';
import sharp from 'sharp';
import { SANDBOX_CONFIG_ENV, sandboxedProcessor } from '../../../workers/sandboxed-processor.js';
import { testConfig } from '../../helpers/env.js';

test('a sandboxed child keeps no libvips operation cache', (t) => {
  sharp.cache(true);
  t.true(sharp.cache().memory.max > 0, 'the default cache, before');
  process.env[SANDBOX_CONFIG_ENV] = JSON.stringify(testConfig());
  t.teardown(() => delete process.env[SANDBOX_CONFIG_ENV]);
  sandboxedProcessor('invoices');
  const cache = sharp.cache();
  t.is(cache.memory.max, 0);
  t.is(cache.items.max, 0);
});
