import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

/** An error whose message is safe to send to the client with its status. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly headers: Record<string, string>;

  constructor(statusCode: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.statusCode = statusCode;
    this.headers = headers;
  }
}

/** Validates untrusted input; a failure becomes a 400 naming the first bad field. */
export function parseInput<T extends z.ZodType>(
  schema: T,
  value: unknown,
  where: string,
): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (issue === undefined) throw new HttpError(400, `${where}: invalid`);
  if (issue.code === 'unrecognized_keys') {
    throw new HttpError(
      400,
      `${[where, ...issue.path].join('.')}.${issue.keys[0] ?? ''}: unknown field`,
    );
  }
  const field = issue.path.length > 0 ? issue.path.join('.') : where;
  const problem =
    issue.code === 'invalid_type' ? `expected ${issue.expected}` : issue.message.toLowerCase();
  throw new HttpError(400, `${field}: ${problem}`);
}

const BAD_REQUEST_CODES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'body: too large',
  FST_ERR_CTP_INVALID_JSON_BODY: 'body: invalid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'body: empty JSON body',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'content-type: expected application/json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'content-length: does not match the body',
  FST_ERR_VALIDATION: 'request: invalid',
};

/** Logs every error in full; a 4xx sends its message, a 5xx only "Internal Server Error". */
export function handleError(
  error: FastifyError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error instanceof HttpError) {
    if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    return reply.code(error.statusCode).headers(error.headers).send({ error: error.message });
  }
  const code = 'code' in error ? error.code : undefined;
  const known = code === undefined ? undefined : BAD_REQUEST_CODES[code];
  if (known !== undefined) {
    request.log.info({ code }, known);
    return reply.code(400).send({ error: known });
  }
  const status = 'statusCode' in error ? (error.statusCode ?? 500) : 500;
  if (status >= 400 && status < 500) {
    request.log.info({ err: error }, 'client error');
    return reply.code(status).send({ error: error.message });
  }
  request.log.error({ err: error }, 'request failed');
  return reply.code(500).send({ error: 'Internal Server Error' });
}
