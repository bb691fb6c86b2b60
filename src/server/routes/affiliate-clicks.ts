import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { ClicksReportSchema } from '../../domain/affiliate-clicks.ts';
import { errorAnswers, GATED_ERRORS, NOT_MODIFIED, textAnswer } from '../../domain/api/answers.ts';
import type { AdminAuth } from '../http/admin-auth.ts';
import type { ClicksReportService } from '../services/clicks-report.ts';

/**
 * The operators' clicks report (admin): 'Bet now' clicks of the last 30 days by day, bookmaker,
 * league and page (`GET /api/admin/clicks`), and its rows as a CSV file to download.
 */
export function affiliateClickRoutes(deps: { report: ClicksReportService; adminAuth: AdminAuth }) {
  const { report, adminAuth } = deps;
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['operations'];
    const admin = {
      preValidation: adminAuth.requireOperator,
      description:
        'Needs the admin password in x-admin-password when ADMIN_PASSWORD is set; without one, open only on a server that listens on loopback alone.',
      security: [{ session: [], adminHeader: [] }],
    };

    app.get(
      '/api/admin/clicks',
      {
        preValidation: admin.preValidation,
        schema: {
          summary: "'Bet now' clicks of the last 30 days by day, bookmaker, league and page",
          description: admin.description,
          tags,
          security: admin.security,
          response: {
            200: ClicksReportSchema,
            ...GATED_ERRORS,
            ...NOT_MODIFIED,
            ...errorAnswers(403),
          },
        },
      },
      async (_request, reply) =>
        reply.header('cache-control', 'private, no-cache').send(await report.getReport()),
    );

    app.get(
      '/api/admin/clicks.csv',
      {
        preValidation: admin.preValidation,
        schema: {
          summary: 'The same clicks as CSV: one line per day, bookmaker, league and page',
          description: admin.description,
          tags,
          security: admin.security,
          response: {
            200: textAnswer('text/csv', 'day,bookmaker,league,page,clicks (RFC 4180)'),
            ...GATED_ERRORS,
            ...errorAnswers(403),
          },
        },
      },
      async (_request, reply) => {
        const { fileName, body } = await report.getCsv();
        return reply
          .type('text/csv; charset=utf-8; header=present')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .send(body);
      },
    );
  };
}
