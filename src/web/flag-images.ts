/**
 * Where the build puts the flag-icons flags (4:3, one SVG per country): under /assets, so they
 * are cached as immutable and kept by the service worker, in a folder named by the package's
 * version, so an upgrade gives new addresses. vite.config.ts copies them there and refuses to
 * build when the installed flag-icons is not this version.
 */
export const FLAG_ICONS_VERSION = '7.5.0';
export const FLAG_DIR = `assets/flags-${FLAG_ICONS_VERSION}`;

/** The address of a flag code's picture, as findCountryCode gives the codes ("fr", "gb-eng"). */
export function flagImageUrl(code: string): string {
  return `/${FLAG_DIR}/${code}.svg`;
}
