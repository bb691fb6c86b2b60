const MAX_URL_CHARS = 2048;

const TRACKING_PARAMS = new Set([
  '_ga',
  '_gl',
  '_hsenc',
  '_hsmi',
  'cmp',
  'dclid',
  'fbclid',
  'gbraid',
  'gclid',
  'gclsrc',
  'icid',
  'igshid',
  'li_fat_id',
  'mc_cid',
  'mc_eid',
  'mkt_tok',
  'msclkid',
  'ocid',
  'ref_src',
  'ref_url',
  'ttclid',
  'twclid',
  'wbraid',
  'yclid',
]);
const TRACKING_PREFIXES = ['utm_', 'at_', 'ns_', 'hsa_', 'pk_', 'mtm_', 'oly_'];

function isTrackingParam(key: string): boolean {
  const name = key.toLowerCase();
  return TRACKING_PARAMS.has(name) || TRACKING_PREFIXES.some((p) => name.startsWith(p));
}

/** An absolute http(s) URL without credentials, or null. Padding whitespace is tolerated. */
export function parseHttpUrl(raw: string | undefined): URL | null {
  if (typeof raw !== 'string') return null;
  const trimmed = raw.trim();
  if (trimmed === '' || trimmed.length > MAX_URL_CHARS) return null;
  // eslint-disable-next-line no-control-regex -- the URL parser would silently drop these
  if (/[\u0000-\u001f\u007f]/.test(trimmed)) return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.hostname === '' || url.username !== '' || url.password !== '') return null;
  return url;
}

/** Drops tracking parameters and keeps every other one exactly as it was written. */
function stripTracking(url: URL): void {
  if (url.search === '') return;
  const kept = url.search
    .slice(1)
    .split('&')
    .filter((part) => part !== '' && !isTrackingParam(safeDecode(part.split('=')[0] ?? '')));
  url.search = kept.length === 0 ? '' : `?${kept.join('&')}`;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}

/** An item's link: an absolute http(s) URL without tracking parameters, or null. */
export function cleanLink(raw: string | undefined): string | null {
  const url = parseHttpUrl(raw);
  if (url === null) return null;
  stripTracking(url);
  return url.href;
}

/** The key two links are compared by: lower-case host, no fragment, no tracking parameters. */
export function normaliseLink(url: string): string {
  const parsed = parseHttpUrl(url);
  if (parsed === null) return url.trim();
  stripTracking(parsed);
  parsed.hash = '';
  return parsed.href;
}

// A stand-in origin to resolve paths against: a path that lands anywhere else is refused.
const SITE_BASE = 'http://site.invalid';

/**
 * A path on this site (`/league/serie-a?report=1`), without tracking parameters or fragment, or
 * null. Nothing a browser would read as another host passes: `//host`, `/\host`, controls.
 */
export function normaliseSitePath(raw: string | undefined): string | null {
  if (typeof raw !== 'string') return null;
  const trimmed = raw.trim();
  if (!trimmed.startsWith('/') || trimmed.length > MAX_URL_CHARS) return null;
  // The URL parser drops tabs and newlines and reads "\" as "/": "/\t/host" would become "//host".
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(trimmed)) return null;
  let url: URL;
  try {
    url = new URL(trimmed, SITE_BASE);
  } catch {
    return null;
  }
  if (url.origin !== SITE_BASE || url.pathname.startsWith('//')) return null;
  stripTracking(url);
  return `${url.pathname}${url.search}`;
}
