import { parseZoneOffsets, setZoneOffsets } from '../domain/time-zone.ts';
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

let zoneOffsetsRead = false;

/**
 * Brand, credit line, replay label and time zone, filled into index.html by the server. The
 * first call also hands the zone's offsets, when the page carries them, to the time functions
 * (src/domain/time-zone.ts), so times are read without Intl's date data.
 */
export function readSiteMeta(): SiteMeta {
  const timeZone = readMeta('time-zone', 'Africa/Johannesburg');
  if (!zoneOffsetsRead) {
    zoneOffsetsRead = true;
    const offsets = parseZoneOffsets(readMeta('zone-offsets', ''));
    if (offsets !== undefined) setZoneOffsets(timeZone, offsets);
  }
  return {
    brandName: readMeta('brand', DEFAULT_BRAND),
    creditLine: readMeta('credit', DEFAULT_CREDIT),
    replayLabel: readMeta('replay', ''),
    timeZone,
  };
}
