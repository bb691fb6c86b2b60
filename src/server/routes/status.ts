import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { StatusAnswerSchema } from '../../domain/api/admin.ts';
import { errorAnswers, GATED_ERRORS, NOT_MODIFIED, textAnswer } from '../../domain/api/answers.ts';
import type { AdminAuth } from '../http/admin-auth.ts';
import type { StatusReport } from '../services/status.ts';

/**
 * `GET /api/status` (admin): each upstream's state. `GET /metrics`: the same for Prometheus, for
 * a fan's session or the admin password as a bearer token.
 */
export function statusRoutes(deps: { status: StatusReport; adminAuth: AdminAuth }) {
  const { status, adminAuth } = deps;
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['operations'];

    app.get(
      '/api/status',
      {
        preValidation: adminAuth.requireOperator,
        schema: {
          summary: "Each upstream's last success, last error, calls today, credits and breaker",
          description:
            'Needs the admin password in x-admin-password when ADMIN_PASSWORD is set; without one, open only on a server that listens on loopback alone.',
          tags,
          security: [{ session: [], adminHeader: [] }],
          response: {
            200: StatusAnswerSchema,
            ...GATED_ERRORS,
            ...NOT_MODIFIED,
            ...errorAnswers(403),
          },
        },
      },
      async () => status.getStatus(),
    );
    app.get(
      '/metrics',
      {
        config: { access: 'session-or-admin' },
        preValidation: adminAuth.requireSessionOrAdmin,
        schema: {
          summary: 'The same for Prometheus',
          description: "A fan's session, or the admin password as a bearer token.",
          tags,
          security: [{ session: [] }, { adminBearer: [] }],
          response: {
            200: textAnswer('text/plain', 'Prometheus text exposition format'),
            ...GATED_ERRORS,
            ...errorAnswers(403),
          },
        },
      },
      async (_request, reply) => {
        const { contentType, body } = await status.renderMetrics();
        return reply
          .header('content-type', contentType)
          .header('cache-control', 'no-store')
          .send(body);
      },
    );
  };
}
