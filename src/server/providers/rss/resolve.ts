import dns, { type LookupAddress, type LookupOptions } from 'node:dns';
import net from 'node:net';

import { isPublicAddress } from './addresses.ts';
import { FeedFetchError } from './fetch-error.ts';

/** Same shape as node's `dns.lookup` with options, so tests can pass a fake resolver. */
export type LookupFn = (
  hostname: string,
  options: LookupOptions,
  callback: (
    err: NodeJS.ErrnoException | null,
    address: string | LookupAddress[],
    family?: number,
  ) => void,
) => void;

export const systemLookup: LookupFn = (hostname, options, callback) =>
  dns.lookup(hostname, options, callback);

/** Resolved addresses, all checked; a host with any non-public address is refused whole. */
function checkResolved(
  hostname: string,
  address: string | LookupAddress[],
  family: number | undefined,
  allowPrivate: boolean,
): LookupAddress[] {
  const list: LookupAddress[] = Array.isArray(address)
    ? address
    : typeof address === 'string' && address !== ''
      ? [{ address, family: family ?? net.isIP(address) }]
      : [];
  if (list.length === 0) throw new FeedFetchError(`rss: cannot resolve ${hostname}`);
  if (!allowPrivate) {
    const blocked = list.find((a) => !isPublicAddress(a.address));
    if (blocked !== undefined) {
      throw new FeedFetchError(
        `rss: ${hostname} resolves to non-public address ${blocked.address}`,
      );
    }
  }
  return list;
}

/** Wraps `lookup` so every address the socket is about to connect to is checked first. */
export function guardLookup(lookup: LookupFn, allowPrivate: boolean): LookupFn {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, address, family) => {
      if (error !== null) {
        callback(resolveError(hostname, error), '');
        return;
      }
      let list: LookupAddress[];
      try {
        list = checkResolved(hostname, address, family, allowPrivate);
      } catch (checkError) {
        callback(checkError as FeedFetchError, '');
        return;
      }
      const first = list[0] as LookupAddress;
      if (options.all === true) callback(null, list);
      else callback(null, first.address, first.family);
    });
  };
}

function resolveError(hostname: string, error: unknown): FeedFetchError {
  if (error instanceof FeedFetchError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  return new FeedFetchError(`rss: cannot resolve ${hostname}${code ? ` (${code})` : ''}`, {
    cause: error,
  });
}

/** Resolves once before connecting, for a clear early error; the socket checks again. */
export function resolveAhead(
  lookup: LookupFn,
  hostname: string,
  allowPrivate: boolean,
  timeoutMs: number,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new FeedFetchError(`rss: resolving ${hostname} took over ${timeoutMs} ms`)),
      timeoutMs,
    );
    try {
      lookup(hostname, { all: true }, (error, address, family) => {
        clearTimeout(timer);
        if (error !== null) {
          reject(resolveError(hostname, error));
          return;
        }
        try {
          checkResolved(hostname, address, family, allowPrivate);
          resolve();
        } catch (checkError) {
          reject(checkError as Error);
        }
      });
    } catch (error) {
      clearTimeout(timer);
      reject(resolveError(hostname, error));
    }
  });
}
