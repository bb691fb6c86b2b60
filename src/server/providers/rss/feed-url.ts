import net from 'node:net';

import { isPublicAddress } from './addresses.ts';

const MAX_URL_LENGTH = 2048;

export type FeedUrlCheck =
  { ok: true; url: URL; allowListed: boolean } | { ok: false; reason: string };

/**
 * Whether a feed URL may be fetched, judged before any DNS: http(s) only, no credentials, ports
 * 80/443, no IP literal outside public unicast, no `localhost`, and no IPv4 written in octal,
 * hex, decimal or shortened form. Hosts in `allowHosts` may use any port and address.
 */
export function isAllowedFeedUrl(url: string, allowHosts: readonly string[] = []): boolean {
  return checkFeedUrl(url, allowHosts).ok;
}

/** The parsed URL when it may be fetched (and whether it is allow-listed), else why not. */
export function checkFeedUrl(raw: string, allowHosts: readonly string[]): FeedUrlCheck {
  const fail = (reason: string): FeedUrlCheck => ({ ok: false, reason });
  if (typeof raw !== 'string' || raw === '' || raw.length > MAX_URL_LENGTH) {
    return fail('empty or longer than 2048 characters');
  }
  // The URL parser silently drops tabs and newlines and trims controls: refuse them instead.
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[\s\u0000-\u001f\u007f-\u009f]/.test(raw)) return fail('contains whitespace or controls');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return fail('not an absolute URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return fail('only http and https');
  const authority = readRawAuthority(raw);
  if (url.username !== '' || url.password !== '' || authority.includes('@')) {
    return fail('credentials in the URL');
  }
  if (url.hostname === '') return fail('no host');
  if (net.isIPv4(url.hostname) && readRawHost(authority).toLowerCase() !== url.hostname) {
    return fail('IPv4 address not written in dotted decimal');
  }
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  if (isAllowListed(url.hostname, port, allowHosts)) return { ok: true, url, allowListed: true };
  if (port !== 80 && port !== 443) return fail(`port ${port} is not allowed`);
  const host = stripBrackets(url.hostname);
  if (net.isIP(host) !== 0 && !isPublicAddress(host)) return fail(`${host} is not public`);
  const bareHost = host.replace(/\.$/, '');
  if (bareHost === 'localhost' || bareHost.endsWith('.localhost')) {
    return fail('localhost is not public');
  }
  return { ok: true, url, allowListed: false };
}

/** A URL's hostname without the brackets of an IPv6 literal. */
export function stripBrackets(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

/** The authority as written: after the scheme and its slashes, before the path. */
function readRawAuthority(raw: string): string {
  const afterScheme = raw.slice(raw.indexOf(':') + 1).replace(/^[/\\]*/, '');
  const end = afterScheme.search(/[/\\?#]/);
  return end === -1 ? afterScheme : afterScheme.slice(0, end);
}

function readRawHost(authority: string): string {
  const host = authority.slice(authority.lastIndexOf('@') + 1);
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  return host.replace(/:\d*$/, '');
}

function isAllowListed(hostname: string, port: number, allowHosts: readonly string[]): boolean {
  for (const entry of allowHosts) {
    let allowed: URL;
    try {
      allowed = new URL(`http://${entry}`);
    } catch {
      continue;
    }
    if (allowed.hostname !== hostname || allowed.pathname !== '/') continue;
    if (allowed.port === '' ? port === 80 || port === 443 : Number(allowed.port) === port) {
      return true;
    }
  }
  return false;
}
