import 'flag-icons/css/flag-icons.min.css';

const CODES: Record<string, string> = {
  england: 'gb-eng',
  spain: 'es',
  italy: 'it',
  germany: 'de',
  france: 'fr',
  portugal: 'pt',
  netherlands: 'nl',
  belgium: 'be',
  brazil: 'br',
};

/** A country flag from the local flag-icons set; nothing (but its space) for an unknown code. */
export function CountryFlag({ code, label }: { code: string | null | undefined; label?: string }) {
  const normalised = (code ?? '').trim().toLowerCase();
  const known = /^[a-z]{2}(-[a-z]{3})?$/.test(normalised) ? normalised : (CODES[normalised] ?? '');
  if (known === '') return <span aria-hidden="true" className="inline-block h-3 w-4 shrink-0" />;
  return (
    <span
      className={`fi fi-${known} inline-block h-3 w-4 shrink-0 rounded-[2px] shadow-sm`}
      role="img"
      aria-label={label ?? known.toUpperCase()}
    />
  );
}
