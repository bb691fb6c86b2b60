import { DEFAULT_BRAND, DEFAULT_CREDIT } from './site-defaults.ts';

export type SiteMeta = {
  brandName: string;
  creditLine: string;
  replayLabel: string;
  timeZone: string;
};

function readMeta(name: string, fallback: string): string {
  const content = document.querySelector(`meta[name="touchline:${name}"]`)?.getAttribute('content');
  // The dev server serves the template itself, so its placeholders are still there.
  if (content === null || content === undefined || content.startsWith('{{')) return fallback;
  return content;
}

/** Brand, credit line and replay label, filled into index.html by the server. */
export function readSiteMeta(): SiteMeta {
  return {
    brandName: readMeta('brand', DEFAULT_BRAND),
    creditLine: readMeta('credit', DEFAULT_CREDIT),
    replayLabel: readMeta('replay', ''),
    timeZone: readMeta('time-zone', 'Africa/Johannesburg'),
  };
}
