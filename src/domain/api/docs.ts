import * as z from 'zod/mini';

/** `GET /api/openapi.json`: this contract as an OpenAPI 3.1 document. */
export const OpenApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});
