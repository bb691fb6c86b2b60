import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { GATED_ERRORS, NOT_MODIFIED, textAnswer } from '../../domain/api/answers.ts';
import { API_DOCS_PAGE, OpenApiDocumentSchema } from '../../domain/api/docs.ts';
import { contentSecurityPolicy } from '../http/security-headers.ts';
import { renderApiDocsPage, type OpenApiDocument } from '../services/api-docs.ts';

/**
 * The HTTP contract as OpenAPI (`/api/openapi.json`) and as a page to browse it (`/api/docs`),
 * behind the gate like every route; a browser opening the page without a session gets the app's
 * page instead, as on every page (http/gate.ts). Both are built once, on the first request (the
 * document is complete only once the app is ready).
 */
export function apiDocsRoutes() {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    let built: { document: OpenApiDocument; html: string; policy: string } | undefined;
    const build = () => {
      if (built !== undefined) return built;
      const document = fastify.swagger() as unknown as OpenApiDocument;
      const page = renderApiDocsPage(document);
      // The site's own policy, with the hash of the page's one stylesheet: still no script.
      built = {
        document,
        html: page.html,
        policy: contentSecurityPolicy([page.styleHash]),
      };
      return built;
    };
    const tags = ['documentation'];

    app.get(
      '/api/openapi.json',
      {
        schema: {
          summary: 'This contract as an OpenAPI 3.1 document',
          tags,
          response: { 200: OpenApiDocumentSchema, ...GATED_ERRORS, ...NOT_MODIFIED },
        },
      },
      async () => build().document,
    );
    app.get(
      API_DOCS_PAGE,
      {
        schema: {
          summary: 'A page to browse this contract',
          tags,
          response: { 200: textAnswer('text/html', 'The page'), ...GATED_ERRORS },
        },
      },
      async (_request, reply) => {
        const { html, policy } = build();
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'private, no-cache')
          .header('content-security-policy', policy)
          .send(html);
      },
    );
  };
}
