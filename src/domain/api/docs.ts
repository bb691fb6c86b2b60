import * as z from 'zod/mini';

/**
 * `GET /api/docs`: a page to browse this contract, which the server renders itself. A browser
 * opening it without a session gets the app's page and its gate, which loads it again once open.
 */
export const API_DOCS_PAGE = '/api/docs';

/** `GET /api/openapi.json`: this contract as an OpenAPI 3.1 document. */
export const OpenApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});
