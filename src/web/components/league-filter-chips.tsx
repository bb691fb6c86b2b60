import { LEAGUES, parseLeagueFilter, type LeagueFilter } from '../../domain/league.ts';

export { parseLeagueFilter, type LeagueFilter };

export const LEAGUE_FILTERS: readonly { slug: LeagueFilter; name: string }[] = [
  { slug: 'all', name: 'All' },
  ...LEAGUES.map(({ slug, name }) => ({ slug, name })),
];

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
