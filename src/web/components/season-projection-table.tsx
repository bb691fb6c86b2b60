import type { ProjectionRow, SeasonProjection } from '../../domain/api/season-projection.ts';
import { formatShortDateTime } from '../../domain/time-zone.ts';
import { useSeasonProjection } from '../api/season-projection.ts';
import { useDeferredData } from '../hooks/use-deferred-data.ts';
import { readSiteMeta } from '../site-meta.ts';
import { Shield } from './shield.tsx';
import { TeamLink } from './team-link.tsx';
import { ScrollRegion } from './ui/scroll-region.tsx';

const CELL = 'px-2 py-2 text-center tabular-nums';

/**
 * A chance as the table shows it: "—" for none, "<1%" and ">99%" near the ends when not
 * certain, "100%" only when certain, whole per cents between.
 */
export function formatChance(chance: number): string {
  if (chance <= 0) return '—';
  if (chance >= 1) return '100%';
  if (chance < 0.005) return '<1%';
  if (chance >= 0.995) return '>99%';
  return `${Math.round(chance * 100)}%`;
}

/** "2022-2023" → "2022-23". */
const formatSeason = (season: string) => `${season.slice(0, 4)}-${season.slice(7, 9)}`;

function describeProjection(projection: SeasonProjection, timeZone: string) {
  const computedMs = Date.parse(projection.computed_at ?? '');
  const updated = Number.isFinite(computedMs) ? (
    <time dateTime={projection.computed_at ?? ''}>{formatShortDateTime(computedMs, timeZone)}</time>
  ) : null;
  const remaining = projection.matches_remaining;
  if (remaining === 0) {
    return (
      <>
        The {projection.season === null ? '' : `${formatSeason(projection.season)} `}season is over:
        the places as the final table decides them, updated {updated}
      </>
    );
  }
  return (
    <>
      From {projection.simulations.toLocaleString('en-GB')} simulations of the remaining{' '}
      {remaining === 1 ? '1 match' : `${remaining.toLocaleString('en-GB')} matches`} by the
      Dixon-Coles model, updated {updated}
    </>
  );
}

type Column = {
  label: string;
  title: string;
  chance: (row: ProjectionRow) => number;
};

function listChanceColumns(projection: SeasonProjection): Column[] {
  const places = projection.places;
  const columns: Column[] = [{ label: 'Title', title: 'Wins the title', chance: (r) => r.title }];
  if (places === null || places.champions_league > 0) {
    columns.push({
      label: 'CL',
      title: `Champions League places${places === null ? '' : `: top ${places.champions_league}`}`,
      chance: (r) => r.champions_league,
    });
  }
  if (places !== null && places.relegation_playoff > 0) {
    columns.push({
      label: 'Play-off',
      title: 'Relegation play-off place',
      chance: (r) => r.relegation_playoff,
    });
  }
  columns.push({
    label: 'Rel.',
    title: `Relegated${places === null ? '' : `: bottom ${places.relegation}`}`,
    chance: (r) => r.relegation,
  });
  return columns;
}

function ProjectionTable({ projection }: { projection: SeasonProjection }) {
  const columns = listChanceColumns(projection);
  return (
    <>
      <p className="px-4 pt-3 text-xs text-subtle">
        {describeProjection(projection, readSiteMeta().timeZone)}
      </p>
      <p className="px-4 pt-1 text-xs text-subtle sm:hidden">Scroll sideways for every column</p>
      <ScrollRegion label="Season projection table">
        <table className="w-full min-w-[28rem] text-sm">
          <thead className="bg-chalk text-xs uppercase text-subtle">
            <tr>
              <th scope="col" className="sticky left-0 bg-chalk px-2 py-2 text-left">
                Team
              </th>
              <th scope="col" className={CELL}>
                <abbr title="Points now">Pts</abbr>
              </th>
              <th scope="col" className={CELL}>
                <abbr title="Expected points at the end of the season">Exp. pts</abbr>
              </th>
              {columns.map((column) => (
                <th key={column.label} scope="col" className={CELL}>
                  <abbr title={column.title}>{column.label}</abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {projection.rows.map((row) => (
              <tr key={row.team.key} className="border-t border-line">
                <th scope="row" className="sticky left-0 bg-white px-2 py-2 text-left font-medium">
                  <TeamLink
                    club={row.team}
                    className="flex max-w-36 items-center gap-2 sm:max-w-48"
                  >
                    <Shield src={row.team.shield} size={22} />
                    {/* Two lines before an ellipsis: "Manchester City" and "Manchester United" stay apart. */}
                    <span className="line-clamp-2 leading-tight">{row.team.name}</span>
                  </TeamLink>
                </th>
                <td className={CELL}>{row.points_now}</td>
                <td className={`${CELL} font-bold`}>{Math.round(row.expected_points)}</td>
                {columns.map((column) => (
                  <td key={column.label} className={CELL}>
                    {formatChance(column.chance(row))}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </>
  );
}

/**
 * Each club's chances over the rest of the season (title, Champions League, play-off,
 * relegation) from the simulations the server stored, with its caption.
 */
export function SeasonProjectionTable({ slug }: { slug: string | undefined }) {
  const query = useSeasonProjection(slug);
  const { data: projection, isPending } = useDeferredData(query);
  let body;
  if (isPending) body = <p className="p-4 text-sm text-subtle">Loading the projection...</p>;
  else if (query.isError || projection === undefined)
    body = <p className="p-4 text-sm text-subtle">Projection not available</p>;
  else if (projection.rows.length === 0)
    body = (
      <p className="p-4 text-sm text-subtle">
        No projection yet: it appears once the rest of the season has been simulated.
      </p>
    );
  else body = <ProjectionTable projection={projection} />;
  return (
    <section
      aria-labelledby="projection-title"
      className="overflow-hidden rounded-xl border border-line bg-white shadow-sm"
    >
      <h2 id="projection-title" className="border-b border-line px-4 py-3 text-lg font-bold">
        Season projection
      </h2>
      {body}
    </section>
  );
}
