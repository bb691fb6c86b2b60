import type { ServerResponse } from 'node:http';

import type { FastifyReply, FastifyRequest } from 'fastify';

import { LiveEventNames } from '../../domain/api/live.ts';
import { HttpError } from './errors.ts';
import type { LiveEvent, LiveFeed } from './live-feed.ts';

export type LiveStreamLimits = {
  /** Open streams one session may hold on this instance (tabs, devices sharing a cookie). */
  perSession: number;
  /** Open streams one client address may hold on this instance. */
  perAddress: number;
  /** Open streams on this instance; past it a new one is refused as overload (503). */
  total: number;
};

export const DEFAULT_LIVE_STREAM_LIMITS: LiveStreamLimits = {
  perSession: 8,
  perAddress: 200,
  total: 20_000,
};

/** Bytes a stream may have waiting to be sent before it counts as stalled and is dropped. */
const DEFAULT_MAX_BUFFERED_BYTES = 256 * 1024;
const DEFAULT_HEARTBEAT_MS = 15_000;
/** The reconnection delay each stream is told, spread so a restart does not bring all at once. */
const RETRY_MIN_MS = 1000;
const RETRY_SPREAD_MS = 4000;

const HEARTBEAT = Buffer.from(': keep-alive\n\n');

type Stream = { response: ServerResponse; session: string; address: string };

export type LiveStreams = {
  /** Answers `GET /api/live`: refuses over the limits, else holds the stream open. */
  open: (request: FastifyRequest, reply: FastifyReply, lastEventId: string | undefined) => void;
  /** Streams open now on this instance. */
  count: () => number;
  /** Streams dropped since start for not reading what was sent (stalled or gone quiet). */
  dropped: () => number;
  /** Ends every stream (their browsers reconnect, to another instance) and stops the timers. */
  closeAll: () => void;
};

/**
 * The Server-Sent Events streams of this instance. Each event of the feed is written to every
 * stream as the same bytes, made once; the streams hold no database connection and cost no
 * query. A stream whose reader stops reading is dropped once its unsent bytes pass a bound.
 */
export function createLiveStreams(options: {
  feed: LiveFeed;
  limits?: Partial<LiveStreamLimits>;
  /** The request's verified session token (the key of the per-session limit), if any. */
  getSession: (request: FastifyRequest) => string | undefined;
  /**
   * Whether a stream's session token is still good: checked at every heartbeat, so a stream
   * ends within one once its session expires or its signing key changes.
   */
  isSessionValid: (session: string) => boolean;
  heartbeatMs?: number;
  maxBufferedBytes?: number;
  random?: () => number;
}): LiveStreams {
  const limits = { ...DEFAULT_LIVE_STREAM_LIMITS, ...options.limits };
  const maxBuffered = options.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED_BYTES;
  const random = options.random ?? Math.random;
  const streams = new Set<Stream>();
  const bySession = new Map<string, number>();
  const byAddress = new Map<string, number>();
  let dropped = 0;

  const addCount = (counts: Map<string, number>, key: string, by: number) => {
    const next = (counts.get(key) ?? 0) + by;
    if (next <= 0) counts.delete(key);
    else counts.set(key, next);
  };

  const remove = (stream: Stream) => {
    if (!streams.delete(stream)) return;
    addCount(bySession, stream.session, -1);
    addCount(byAddress, stream.address, -1);
  };

  /** Writes to one stream; drops it when it has stopped reading. */
  const send = (stream: Stream, bytes: Buffer) => {
    const { response } = stream;
    if (response.destroyed) {
      remove(stream);
      return;
    }
    response.write(bytes);
    if (response.writableLength > maxBuffered) {
      remove(stream);
      dropped++;
      response.destroy();
    }
  };

  const broadcast = (bytes: Buffer) => {
    for (const stream of streams) send(stream, bytes);
  };
  /** Ends the streams whose session is over; the browser's reconnection then meets the gate. */
  const endExpired = () => {
    for (const stream of streams) {
      if (options.isSessionValid(stream.session)) continue;
      remove(stream);
      stream.response.end();
    }
  };
  const unsubscribe = options.feed.subscribe((event: LiveEvent) => broadcast(event.frame));
  const heartbeat = setInterval(() => {
    endExpired();
    broadcast(HEARTBEAT);
  }, options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS);
  heartbeat.unref();

  return {
    open(request, reply, lastEventId) {
      const session = options.getSession(request);
      // The gate lets no request here without a session; one that slipped by gets none.
      if (session === undefined) throw new HttpError(401, 'Unauthorized');
      const address = request.ip;
      if (streams.size >= limits.total) {
        throw new HttpError(503, 'Service Unavailable: too many live streams, retry later', {
          'Retry-After': String(10 + Math.floor(random() * 20)),
        });
      }
      if ((bySession.get(session) ?? 0) >= limits.perSession) {
        throw new HttpError(429, 'Too many live streams for this session', { 'Retry-After': '30' });
      }
      if ((byAddress.get(address) ?? 0) >= limits.perAddress) {
        throw new HttpError(429, 'Too many live streams from this address', {
          'Retry-After': '30',
        });
      }
      const missed = lastEventId === undefined ? [] : options.feed.readSince(lastEventId);

      reply.hijack();
      const response = reply.raw;
      // The socket's idle timeout would cut a quiet stream between heartbeats.
      request.raw.socket.setTimeout(0);
      request.raw.socket.setNoDelay(true);
      // The security headers the hooks set before the stream took over the answer.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) response.setHeader(name, value);
      }
      response.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      const retryMs = RETRY_MIN_MS + Math.floor(random() * RETRY_SPREAD_MS);
      let head = `retry: ${String(retryMs)}\n\n`;
      if (missed === 'reload') head += `event: ${LiveEventNames.reload}\ndata: {}\n\n`;
      response.write(head);
      for (const event of missed === 'reload' ? [] : missed) response.write(event.frame);
      response.write(
        `id: ${options.feed.getNewestId()}\nevent: ${LiveEventNames.ready}\ndata: {}\n\n`,
      );

      const stream: Stream = { response, session, address };
      streams.add(stream);
      addCount(bySession, session, 1);
      addCount(byAddress, address, 1);
      response.on('close', () => remove(stream));
    },
    count: () => streams.size,
    dropped: () => dropped,
    closeAll() {
      clearInterval(heartbeat);
      unsubscribe();
      for (const stream of streams) {
        remove(stream);
        stream.response.end();
      }
    },
  };
}
