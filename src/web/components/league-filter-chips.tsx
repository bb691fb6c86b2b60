import { LEAGUES, type LeagueSlug } from '../../domain/league.ts';

/** A league filter: one league's slug, or 'all' for every league. */
export type LeagueFilter = 'all' | LeagueSlug;

export const LEAGUE_FILTERS: readonly { slug: LeagueFilter; name: string }[] = [
  { slug: 'all', name: 'All' },
  ...LEAGUES.map(({ slug, name }) => ({ slug, name })),
];

/** The filter matching a slug from outside (a URL), or 'all' for anything unknown. */
export function parseLeagueFilter(value: string | null | undefined): LeagueFilter {
  return LEAGUE_FILTERS.find((f) => f.slug === value)?.slug ?? 'all';
}

/** Chips All and one per league of the registry, in the site's order; the chosen one is pressed. */
export function LeagueFilterChips({
  value,
  onChange,
  label = 'Filter by league',
}: {
  value: LeagueFilter;
  onChange: (league: LeagueFilter) => void;
  label?: string;
}) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-2">
      {LEAGUE_FILTERS.map((filter) => {
        const pressed = filter.slug === value;
        return (
          <button
            key={filter.slug}
            type="button"
            aria-pressed={pressed}
            onClick={() => onChange(filter.slug)}
            className={`h-8 rounded-full border px-3 text-sm font-medium transition-colors ${
              pressed
                ? 'border-pitch bg-pitch text-chalk'
                : 'border-line bg-white text-ink hover:border-pitch-light'
            }`}
          >
            {filter.name}
          </button>
        );
      })}
    </div>
  );
}
