/**
 * An upstream's image or page address as Touchline may show it: an absolute https URL with a
 * host and no user name or password, written back in its normalised form (`URL.href`). Anything
 * else (http, javascript:, data:, a relative path, a `user:pw@` address, garbage) is null, so
 * a feed can never make the site load a plain-text or script address.
 */
export function findHttpsUrl(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  // Credentials in a link show a misleading host to the fan ("https://bank.example@evil.example").
  if (
    url.protocol !== 'https:' ||
    url.hostname === '' ||
    url.username !== '' ||
    url.password !== ''
  )
    return null;
  return url.href;
}
