import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
  serializerCompiler,
} from 'fastify-type-provider-zod';
import * as z from 'zod';

import { NAMED_SCHEMAS } from '../../domain/api/named-schemas.ts';
import { toInputError } from './errors.ts';

/** Names of the parts of a request as the 400 messages write them. */
const PART_NAMES: Record<string, string> = { querystring: 'query', params: 'params', body: 'body' };

/**
 * Checks each part of a request against the zod schema its route declares (`schema.querystring`,
 * `params`, `body`); a failure is the 400 `{ error: "query.market: must be h2h or totals" }`
 * that names the first bad field. A POST without a body reads as `{}`, as the specification's
 * functions are called without one.
 */
export const validateRequestPart: FastifySchemaCompiler<z.core.$ZodType> = ({
  schema,
  httpPart,
}) => {
  const where = PART_NAMES[httpPart ?? ''] ?? httpPart ?? 'request';
  return (data) => {
    // Fastify hands a missing body over as null.
    const value = httpPart === 'body' && (data === null || data === undefined) ? {} : data;
    const result = z.safeParse(schema, value);
    return result.success ? { value: result.data } : { error: toInputError(result.error, where) };
  };
};

const SESSION_SCHEME = 'session';

/**
 * Copies what an answer's zod schema says it means (`z.describe`, kept in zod's global registry)
 * onto its JSON schema, where the document takes the answer's description from: the schemas are
 * turned into JSON with the registry of shared shapes, which holds no descriptions. A success
 * without one is described by the route's summary.
 */
function describeAnswers(answers: unknown, json: unknown, summary: unknown) {
  if (typeof answers !== 'object' || answers === null) return;
  if (typeof json !== 'object' || json === null) return;
  for (const [status, answer] of Object.entries(answers)) {
    // An answer per media type carries its own description.
    if (!(answer instanceof z.core.$ZodType)) continue;
    const description =
      z.globalRegistry.get(answer)?.description ??
      (status.startsWith('2') && typeof summary === 'string' ? summary : undefined);
    const target = (json as Record<string, unknown>)[status];
    if (description !== undefined && typeof target === 'object' && target !== null) {
      (target as { description?: string }).description = description;
    }
  }
}

/**
 * The HTTP contract: every route declares its request and response schemas (zod, from
 * src/domain/api); requests are checked against them, answers serialised through them, and the
 * routes gathered into an OpenAPI 3.1 document (`app.swagger()`). Registered before any route.
 */
export async function registerContract(
  app: FastifyInstance,
  info: { title: string; version: string },
): Promise<void> {
  // zod/mini carries no messages of its own: the default ones (a string too long) are English.
  z.config(z.locales.en());
  app.setValidatorCompiler(validateRequestPart);
  app.setSerializerCompiler(serializerCompiler);

  // The shared shapes become components the routes' schemas refer to.
  const schemaRegistry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(NAMED_SCHEMAS)) schemaRegistry.add(schema, { id });
  const toJsonSchemas = createJsonSchemaTransform({ skipList: [], schemaRegistry });
  const toComponents = createJsonSchemaTransformObject({ schemaRegistry });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        ...info,
        description:
          'Every route but the login and the health probes needs the session cookie that ' +
          'POST /api/session sets. Errors are { "error": "<message>" }.',
      },
      components: {
        securitySchemes: {
          [SESSION_SCHEME]: { type: 'apiKey', in: 'cookie', name: 'gate' },
          adminHeader: { type: 'apiKey', in: 'header', name: 'x-admin-password' },
          adminBearer: { type: 'http', scheme: 'bearer' },
        },
      },
      security: [{ [SESSION_SCHEME]: [] }],
    },
    transform(document) {
      const transformed = toJsonSchemas(document);
      // A route without a schema (the probes) has none to describe.
      const { response, summary } = document.schema ?? {};
      describeAnswers(response, transformed.schema?.response, summary);
      // A public route needs no cookie: the document says so on the route.
      if (document.route.config?.access !== 'public') return transformed;
      return { ...transformed, schema: { ...transformed.schema, security: [] } };
    },
    transformObject(document) {
      const object = toComponents(document);
      // No request holds a shared shape: their request-side twins ("…Input") are left out.
      const used = JSON.stringify(object.paths);
      const schemas: Record<string, unknown> =
        ('components' in object ? object.components?.schemas : undefined) ?? {};
      for (const id of Object.keys(schemas)) {
        if (id.endsWith('Input') && !used.includes(`"#/components/schemas/${id}"`)) {
          delete schemas[id];
        }
      }
      return object;
    },
  });
}
