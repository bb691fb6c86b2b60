import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

import { SECURITY_HEADERS } from './security-headers.ts';

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

/**
 * The 400 for input that failed its schema, naming the first bad field as
 * `query.market: must be h2h or totals` (`where` is query, params or body).
 */
export function toInputError(error: z.core.$ZodError, where: string): HttpError {
  const issue = error.issues[0];
  if (issue === undefined) return new HttpError(400, `${where}: invalid`);
  if (issue.code === 'unrecognized_keys') {
    return new HttpError(
      400,
      `${[where, ...issue.path.map(String)].join('.')}.${issue.keys[0] ?? ''}: unknown field`,
    );
  }
  const field = issue.path.length > 0 ? issue.path.map(String).join('.') : where;
  const problem =
    issue.code === 'invalid_type' ? `expected ${issue.expected}` : issue.message.toLowerCase();
  return new HttpError(400, `${field}: ${problem}`);
}

const BAD_REQUEST_CODES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'body: too large',
  FST_ERR_CTP_INVALID_JSON_BODY: 'body: invalid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'body: empty JSON body',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'content-type: expected application/json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'content-length: does not match the body',
  FST_ERR_VALIDATION: 'request: invalid',
  FST_ERR_BAD_URL: 'path: not a valid URL',
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

/**
 * Answers the errors Fastify raises before any hook runs (a path that is not valid percent-encoded
 * UTF-8): with the security headers every other answer carries.
 */
export function handleFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  reply.headers(SECURITY_HEADERS);
  return handleError(error, request, reply);
}

/**
 * Answers what Node's HTTP parser refuses before Fastify sees a request (headers too large, a
 * malformed request line, a request that took too long to arrive), with the security headers
 * every other answer carries, then closes the connection as Fastify does.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'headers: too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'request: timed out']
        : [400, 'request: malformed'];
  const body = JSON.stringify({ error: message });
  const headers: Record<string, string> = {
    ...SECURITY_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  };
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  // Written, then the socket destroyed at once, as Fastify's own handler does: a client whose
  // idle connection this was reads a closed connection and retries on a new one.
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${head.join('')}\r\n${body}`);
  }
  socket.destroy(error);
}
