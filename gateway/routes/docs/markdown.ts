import type { ServerRoute, Server } from '@hapi/hapi';

type Spec = {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, { summary?: string; description?: string; tags?: string[]; parameters?: { name?: string; in?: string; $ref?: string; required?: boolean; description?: string; schema?: { type?: string } }[]; requestBody?: { content: Record<string, { schema?: { $ref?: string } }> }; responses?: Record<string, { description?: string }> }>>;
  components?: { schemas?: Record<string, { properties?: Record<string, { type?: string; description?: string; enum?: unknown[] }>; required?: string[] }> };
};

let cached: string | undefined;

/** Markdown rendering of the generated OpenAPI document (so both always agree). */
export async function renderMarkdown(server: Server): Promise<string> {
  const res = await server.inject({ method: 'GET', url: '/api/openapi.json' });
  const spec = res.result as Spec;
  const lines: string[] = [`# ${spec.info.title} ${spec.info.version}`, '', spec.info.description ?? '', ''];
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags?.[0] ?? 'other';
      const block = [`### ${method.toUpperCase()} ${path}`, '', op.summary ?? '', ''];
      if (op.description) block.push(op.description, '');
      const body = Object.values(op.requestBody?.content ?? {})[0]?.schema?.$ref;
      if (body) {
        const def = spec.components?.schemas?.[body.replace('#/components/schemas/', '')];
        block.push('| body field | type | required | notes |', '|---|---|---|---|');
        for (const [name, prop] of Object.entries(def?.properties ?? {})) {
          block.push(`| ${name} | ${prop.type ?? 'object'} | ${def?.required?.includes(name) ? 'yes' : 'no'} | ${prop.enum ? `one of ${prop.enum.join(', ')}` : (prop.description ?? '')} |`);
        }
        block.push('');
      }
      for (const p of op.parameters ?? []) {
        // the scope headers are shared components, described once in the introduction
        if (p.$ref) continue;
        block.push(`- ${p.in} \`${p.name}\` (${p.schema?.type ?? 'string'}${p.required ? ', required' : ''}) ${p.description ?? ''}`);
      }
      const codes = Object.keys(op.responses ?? {});
      if (codes.length) block.push('', `Responses: ${codes.join(', ')}`, '');
      byTag.set(tag, [...(byTag.get(tag) ?? []), ...block]);
    }
  }
  lines.push('Errors have one shape everywhere: `{"error": {"code", "message", "details"}}`.', '');
  for (const [tag, block] of [...byTag.entries()].sort()) lines.push(`## ${tag}`, '', ...block);
  return lines.join('\n');
}

export default {
  method: 'GET',
  path: '/api/docs/markdown/',
  options: { auth: false, tags: ['index'], description: 'API documentation as Markdown' },
  async handler(request, h) {
    cached ??= await renderMarkdown(request.server);
    return h.response(cached).type('text/markdown; charset=utf-8');
  },
} satisfies ServerRoute;
