import { isDeepStrictEqual } from 'node:util';

import type { RouteOptions } from 'fastify';
import { z } from 'zod';

// Checks one real answer of a route against the HTTP contract: the route's own zod schema for
// the status it answered, and the OpenAPI document the server publishes.

export type OpenApiDocument = {
  paths: Record<
    string,
    Record<
      string,
      { responses?: Record<string, unknown>; parameters?: unknown[]; requestBody?: unknown }
    >
  >;
};
type ResponseSchemas = Record<string, unknown>;

export const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** The paths in `body` that `parsed` (the schema's reading) left out: fields not described. */
function findUndescribedFields(body: unknown, parsed: unknown, at = 'body'): string[] {
  if (Array.isArray(body) && Array.isArray(parsed)) {
    return body.flatMap((item, i) => findUndescribedFields(item, parsed[i], `${at}[${i}]`));
  }
  if (typeof body !== 'object' || body === null || typeof parsed !== 'object' || parsed === null) {
    return [];
  }
  return Object.entries(body).flatMap(([key, value]) =>
    key in parsed
      ? findUndescribedFields(value, (parsed as Record<string, unknown>)[key], `${at}.${key}`)
      : [`${at}.${key}: not described`],
  );
}

/** What is wrong with one answer of `route`, measured against its schemas and the document. */
export function checkAnswer(
  route: Pick<RouteOptions, 'method' | 'url' | 'schema'>,
  document: OpenApiDocument,
  answer: { statusCode: number; headers: Record<string, unknown>; body: string },
): string[] {
  const status = String(answer.statusCode);
  const documented = document.paths[toOpenApiPath(route.url)]?.[String(route.method).toLowerCase()];
  if (documented === undefined) return ['the route is missing from the OpenAPI document'];
  if (documented.responses?.[status] === undefined) return [`${status} is not in the document`];
  const schema = (route.schema?.response as ResponseSchemas | undefined)?.[status];
  if (schema === undefined) return [`${status} has no schema on the route`];
  const mediaType = String(answer.headers['content-type'] ?? '').split(';')[0] ?? '';

  if (schema instanceof z.core.$ZodType && schema._zod.def.type === 'undefined') {
    return answer.body === '' ? [] : [`${status} should have no body`];
  }
  // A schema per media type ({ content: { 'image/svg+xml': { schema } } }), or one for JSON.
  const content =
    schema instanceof z.core.$ZodType
      ? { 'application/json': { schema } }
      : (schema as { content: Record<string, { schema: z.core.$ZodType }> }).content;
  const bodySchema = content[mediaType]?.schema;
  if (bodySchema === undefined) {
    return [`${status} is ${mediaType}, not ${Object.keys(content).join(' or ')}`];
  }
  if (mediaType !== 'application/json') {
    return z.safeParse(bodySchema, answer.body).success
      ? []
      : [`${status}: not the text described`];
  }
  const json: unknown = JSON.parse(answer.body);
  const result = z.safeParse(bodySchema, json);
  if (!result.success) {
    return result.error.issues.map((i) => `body.${i.path.join('.')}: ${i.message}`);
  }
  const undescribed = findUndescribedFields(json, result.data);
  if (undescribed.length > 0) return undescribed;
  return isDeepStrictEqual(result.data, json) ? [] : ['the schema reads the body differently'];
}
