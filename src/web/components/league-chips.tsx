import { NavLink, useLocation } from 'react-router';

import { findActiveLeagueSlug, getCountryFlagCode, LEAGUES } from '../../domain/league.ts';
import { useLeagues } from '../api/leagues.ts';
import { MOBILE_QUERY, useMediaQuery } from '../hooks/use-media-query.ts';
import { paths } from '../paths.ts';
import { CountryFlag } from './country-flag.tsx';
import { LeagueLogo } from './league-logo.tsx';
import { useTooltips } from './ui/use-tooltips.ts';

/** The league navigation strip: flags on phones, logos and names on wider screens. */
export function LeagueChips() {
  const { data: leagues, isPending: leaguesPending } = useLeagues();
  const { pathname } = useLocation();
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const active = findActiveLeagueSlug(pathname, leagues?.map((l) => l.slug) ?? []);
  // Phones show flags only, so a tooltip names the league on hover and focus.
  const { tooltips, settled } = useTooltips(isMobile);
  // The chips wait for the tooltip (fetched beside the leagues) so they are drawn once.
  const isPending = leaguesPending || !settled;

  const list = (
    <ul className="mx-auto flex h-12 max-w-6xl items-center gap-2 overflow-x-auto px-3">
      {isPending
        ? Array.from({ length: LEAGUES.length }, (_, i) => (
            <li
              key={i}
              aria-hidden="true"
              className="h-8 w-10 animate-pulse rounded-full bg-line md:w-32"
            />
          ))
        : leagues?.map((league) => {
            const isActive = league.slug === active;
            const link = (
              <NavLink
                to={paths.league(league.slug)}
                aria-label={league.name}
                aria-current={isActive ? 'page' : undefined}
                data-active={isActive ? 'true' : 'false'}
                className={`flex h-8 items-center gap-2 rounded-full border px-3 text-sm font-medium transition-colors ${
                  isActive
                    ? 'border-pitch bg-pitch text-chalk'
                    : 'border-line bg-chalk text-ink hover:border-pitch-light'
                }`}
              >
                <span className="flex md:hidden">
                  <CountryFlag
                    code={getCountryFlagCode(league.country)}
                    label={league.name}
                    className="h-4 w-[1.375rem]"
                  />
                </span>
                <span className="hidden items-center gap-2 md:flex">
                  {league.logo_url ? (
                    <LeagueLogo
                      src={league.logo_url}
                      size={20}
                      fallback={
                        <CountryFlag
                          code={getCountryFlagCode(league.country)}
                          label={league.country}
                          className="h-[0.9375rem] w-5"
                        />
                      }
                    />
                  ) : null}
                  {league.name}
                </span>
              </NavLink>
            );
            return (
              <li key={league.id} className="shrink-0">
                {tooltips === undefined ? (
                  link
                ) : (
                  <tooltips.Tooltip label={league.name}>{link}</tooltips.Tooltip>
                )}
              </li>
            );
          })}
    </ul>
  );
  return (
    <nav aria-label="Leagues" className="border-b border-line bg-white">
      {tooltips === undefined ? list : <tooltips.TooltipProvider>{list}</tooltips.TooltipProvider>}
    </nav>
  );
}
