import type { IncomingMessage } from 'node:http';
import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';

import { describeNetworkError, FeedFetchError, truncate } from './fetch-error.ts';

export const MAX_BODY_BYTES = 5 * 1024 * 1024;
/** Compressed bytes read before giving up on a stream that inflates to (almost) nothing. */
const MAX_RAW_BYTES = 2 * MAX_BODY_BYTES;

/** A response header's first value. */
export function headerValue(response: IncomingMessage, name: string): string | undefined {
  const value = response.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The whole body, decompressed (gzip, deflate or brotli), at most 5 MiB after decompression and
 * 10 MiB before; the response is destroyed whatever happens.
 */
export async function readBody(response: IncomingMessage): Promise<Buffer> {
  const declared = Number(headerValue(response, 'content-length'));
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) {
    response.destroy();
    throw new FeedFetchError('rss: body larger than 5 MiB (Content-Length)');
  }
  const encoding = (headerValue(response, 'content-encoding') ?? '').trim().toLowerCase();
  let decoder: zlib.Unzip | zlib.BrotliDecompress | null = null;
  if (encoding === 'gzip' || encoding === 'x-gzip' || encoding === 'deflate') {
    // Unzip takes gzip and zlib-wrapped deflate, whichever the server actually sent.
    decoder = zlib.createUnzip();
  } else if (encoding === 'br') {
    decoder = zlib.createBrotliDecompress();
  } else if (encoding !== '' && encoding !== 'identity') {
    response.destroy();
    throw new FeedFetchError(`rss: unsupported Content-Encoding ${truncate(encoding)}`);
  }

  let rawBytes = 0;
  response.on('data', (chunk: Buffer) => {
    rawBytes += chunk.length;
    if (rawBytes > MAX_RAW_BYTES) {
      response.destroy(new FeedFetchError('rss: compressed body larger than 10 MiB'));
    }
  });
  const source: Readable = decoder === null ? response : pipeline(response, decoder, () => {});
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      size += chunk.length;
      // Counted after decompression, chunk by chunk: Content-Length and ratios don't matter.
      if (size > MAX_BODY_BYTES) throw new FeedFetchError('rss: body larger than 5 MiB');
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof FeedFetchError) throw error;
    throw new FeedFetchError(`rss: reading the body failed: ${describeNetworkError(error)}`, {
      cause: error,
    });
  } finally {
    decoder?.destroy();
    response.destroy();
  }
  return Buffer.concat(chunks, size);
}

/** Bytes to text: BOM, then the Content-Type charset, then the XML declaration, then UTF-8. */
export function decodeBody(body: Buffer, contentType: string | undefined): string {
  let label: string | undefined;
  let start = 0;
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) {
    label = 'utf-8';
    start = 3;
  } else if (body[0] === 0xff && body[1] === 0xfe) {
    label = 'utf-16le';
    start = 2;
  } else if (body[0] === 0xfe && body[1] === 0xff) {
    label = 'utf-16be';
    start = 2;
  }
  label ??=
    /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? '')?.[1] ??
    /^<\?xml[^>]*\sencoding\s*=\s*["']([\w.:-]+)["']/.exec(
      body.subarray(0, 200).toString('latin1'),
    )?.[1] ??
    'utf-8';
  const bytes = body.subarray(start);
  try {
    return new TextDecoder(label, { ignoreBOM: true }).decode(bytes);
  } catch {
    return new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  }
}
