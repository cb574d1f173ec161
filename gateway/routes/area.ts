// A route area declares itself once in gateway/routes/<area>/index.ts: its routes and
// the OpenAPI tags they use, each with the description the documentation shows.
// The server registers areas and the OpenAPI tag list is derived from them, so a tag
// cannot go undocumented (test/platform/unit/route-areas.test.ts holds both sides).
import type { ServerRoute } from '@hapi/hapi';

export interface OpenApiTag {
  name: string;
  description: string;
}

export interface RouteArea {
  /** the area's name, as its folder under gateway/routes/, domain/ and test/ */
  name: string;
  /** the OpenAPI tags of the area's routes (routes without the 'api' tag are not documented) */
  tags: OpenApiTag[];
  routes: ServerRoute[];
}

/** An area's declaration, typed. */
export const defineArea = (area: RouteArea): RouteArea => area;

/** hapi tag that puts a route into the OpenAPI document; every other tag of such a route is an OpenAPI tag */
export const DOCUMENTED = 'api';

/** The OpenAPI tags a route is listed under (none when it is not documented). */
export function openApiTagsOf(route: ServerRoute): string[] {
  const tags = (route.options && typeof route.options === 'object' ? (route.options as { tags?: string[] }).tags : undefined) ?? [];
  return tags.includes(DOCUMENTED) ? tags.filter((t) => t !== DOCUMENTED) : [];
}
