// The baseline of the benchmarks: bare Hapi routes that answer 200 and nothing else —
// POST /hook/ takes the raw body (kyc-webhooks.ts), GET /me/ answers a JSON object of
// the same shape and size as GET /api/auth/me/ (gateway.ts), so that the comparison
// measures the gateway's work rather than bytes on the wire. Port from BARE_PORT.
//
// With DATABASE_URL set, three more routes do the necessary reads of the gateway's
// database-backed reads with a bare `pg` pool of the gateway's size (10), one statement
// each, and map the rows to the same JSON shapes — no authentication, no scope, no
// validation (gateway.ts compares them with the real endpoints):
//   GET /pg/profiles/{userId}/            the profile (GET /api/profiles/me/)
//   GET /pg/inventories/{userId}/         a page of 20 of the user's inventories with the count
//   GET /pg/products/{userId}/{id}/       one product with its variants, tags and images
import Hapi from '@hapi/hapi';
import pg from 'pg';
import { PROFILE_SQL } from '../../domain/accounts/profile-sql.js';
import { PRODUCT_GRAPH_COLUMNS, PRODUCT_GRAPH_FROM } from '../../domain/catalog/product-graph-sql.js';

const server = Hapi.server({ port: Number(process.env.BARE_PORT ?? 0), host: '127.0.0.1' });
server.route({
  method: 'GET',
  path: '/me/',
  handler: () => ({ id: '6f1c3a52-9a1e-4c1b-8f57-3f0a3e2b9d11', email: 'bench-gateway-0a1b2c3d@bench.test', is_staff: false, access_expires_at: new Date(Date.now() + 1_800_000).toISOString(), scope: { profile_type: 'self', team_id: null, team_role: null } }),
});
server.route({ method: 'POST', path: '/hook/', options: { payload: { parse: false, output: 'data' } }, handler: () => ({ detail: 'ok', status: 'ok' }) });

if (process.env.DATABASE_URL) {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());
  const base = process.env.PUBLIC_BASE_URL ?? 'http://127.0.0.1';
  server.route({
    method: 'GET',
    path: '/pg/profiles/{userId}/',
    handler: async (request, h) => {
      const { rows: [r] } = await pool.query(PROFILE_SQL.replace('?', '$1'), [request.params.userId]);
      if (!r) return h.response({ error: 'not found' }).code(404);
      return {
        id: r.id, user_id: r.id, email: r.email, first_name: r.first_name, last_name: r.last_name, full_name: `${r.first_name} ${r.last_name}`.trim(),
        phone: r.phone, company: r.company, job_title: r.job_title, bio: r.bio, language: r.language, timezone: r.timezone, country: r.country,
        preferences: r.preferences, is_verified: r.email_verified_at != null, is_staff: r.is_staff, team_id: r.team_id ?? null, team_role: r.team_role ?? null,
        kyc_status: r.kyc_status ?? 'not_started', kyc_verified: r.kyc_verified ?? false, date_joined: iso(r.created_at), updated_at: iso(r.updated_at),
      };
    },
  });
  server.route({
    method: 'GET',
    path: '/pg/inventories/{userId}/',
    handler: async (request) => {
      const { rows } = await pool.query(
        `SELECT v.*, vt.name AS type_name, vi.value AS icon_value,
                (SELECT count(*) FROM storages s WHERE s.inventory_id = v.id)::int AS storage_count,
                (SELECT count(*) FROM storage_boxes b WHERE b.inventory_id = v.id)::int AS storage_box_count,
                (SELECT count(*) FROM inventory_items i WHERE i.inventory_id = v.id)::int AS item_count,
                count(*) OVER () AS full_count
           FROM inventories v LEFT JOIN inventory_types vt ON vt.id = v.type_id LEFT JOIN inventory_icons vi ON vi.id = v.icon_id
          WHERE v.owner_id = $1 AND v.team_id IS NULL
          ORDER BY v.name ASC, v.id ASC LIMIT 20 OFFSET 0`,
        [request.params.userId],
      );
      const count = rows.length ? Number(rows[0].full_count) : 0;
      return {
        count,
        next: count > 20 ? `${base}/api/inventories/?page=2` : null,
        previous: null,
        results: rows.map((r) => ({
          id: r.id, name: r.name, description: r.description, inventory_type: r.type_id ?? null, inventory_type_name: r.type_name ?? null,
          icon: r.icon_id ?? null, icon_value: r.icon_value ?? null, location: r.location, currency: r.currency, is_archived: r.is_archived,
          storage_count: r.storage_count, storage_box_count: r.storage_box_count, item_count: r.item_count,
          profile_type: r.team_id != null ? 'team' : 'self', team_id: r.team_id ?? null, created_by: r.created_by ?? null, created_at: iso(r.created_at), updated_at: iso(r.updated_at),
        })),
      };
    },
  });
  server.route({
    method: 'GET',
    path: '/pg/products/{userId}/{id}/',
    handler: async (request, h) => {
      const { rows: [p] } = await pool.query(`SELECT ${PRODUCT_GRAPH_COLUMNS} FROM ${PRODUCT_GRAPH_FROM} WHERE p.id = $1 AND p.owner_id = $2 AND p.team_id IS NULL`, [Number(request.params.id), request.params.userId]);
      if (!p) return h.response({ error: 'not found' }).code(404);
      const variants = p.variants.map((v: any) => ({ ...v, images: v.images.map(({ path, ...i }: any) => ({ ...i, image_url: `${base}/media/${path}`, created_at: iso(i.created_at), updated_at: iso(i.updated_at ?? i.created_at) })) }));
      const images = variants.flatMap((v: any) => v.images);
      return {
        id: p.id, name: p.name, product_name: p.name, supplier: p.supplier, description: p.description, category: p.category, base_unit: p.base_unit,
        family_id: p.family_id, product_family_name: p.product_family_name ?? null, tags: p.tags, variants,
        primary_image_url: (images.find((i: any) => i.is_primary) ?? images[0])?.image_url ?? null,
        profile_type: p.team_id != null ? 'team' : 'self', team_id: p.team_id ?? null, created_by: p.created_by, created_at: iso(p.created_at), updated_at: iso(p.updated_at),
      };
    },
  });
}

await server.start();
console.log(`bare hapi listening on ${server.info.uri}`);
process.on('SIGTERM', () => void server.stop().then(() => process.exit(0)));
