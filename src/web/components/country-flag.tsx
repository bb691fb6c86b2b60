import { findCountryCode, getCountryName } from '../../domain/countries.ts';
import { flagImageUrl } from '../flag-images.ts';

const SIZE = 'h-3 w-4';

/**
 * A country flag from the local flag-icons set (an SVG picture, never emoji), named by the
 * country for screen readers. A picture rather than flag-icons' stylesheet: the page carries no
 * rule for the 270 flags it does not show, and a flag below the fold loads only when scrolled
 * near. `country` is a code ("fr", "GB-ENG", "FRA") or an English name ("England").
 * When it names no country: a globe under `label` when there is one (a league's flag must say
 * which league), else nothing but the flag's space.
 */
export function CountryFlag({
  code: country,
  label,
  className = SIZE,
}: {
  code: string | null | undefined;
  label?: string;
  /** Size classes: a 4:3 box, 12 × 16 px unless given. */
  className?: string;
}) {
  const code = findCountryCode(country);
  if (code === '') {
    if (label === undefined)
      return <span aria-hidden="true" className={`inline-block shrink-0 ${className}`} />;
    return <GlobeIcon label={label} className={className} />;
  }
  return (
    <img
      src={flagImageUrl(code)}
      alt={label ?? getCountryName(code)}
      width={16}
      height={12}
      loading="lazy"
      decoding="async"
      className={`inline-block shrink-0 rounded-[2px] object-contain shadow-sm ${className}`}
      data-flag={code}
    />
  );
}

/** A drawn globe (or ball) for a place with no flag, under `label`. */
export function GlobeIcon({ label, className = SIZE }: { label: string; className?: string }) {
  return (
    <svg
      viewBox="0 0 16 12"
      role="img"
      aria-label={label}
      className={`inline-block shrink-0 text-subtle ${className}`}
      fill="none"
      stroke="currentColor"
      strokeWidth="1"
    >
      <circle cx="8" cy="6" r="5.2" />
      <ellipse cx="8" cy="6" rx="2.3" ry="5.2" />
      <path d="M2.8 6h10.4M3.6 3.4h8.8M3.6 8.6h8.8" />
    </svg>
  );
}
