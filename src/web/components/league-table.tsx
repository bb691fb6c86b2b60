import { useLeagueTable } from '../api/leagues.ts';
import { useDeferredData } from '../hooks/use-deferred-data.ts';
import { FavouriteButton } from './favourite-button.tsx';
import { Shield } from './shield.tsx';
import { TeamLink } from './team-link.tsx';

const CELL = 'px-2 py-2 text-center tabular-nums';

/** The league table: #, Team, P (W+D+L), W, D, L, Pts. */
export function LeagueTable({ slug }: { slug: string | undefined }) {
  const query = useLeagueTable(slug);
  const { data: rows, isPending } = useDeferredData(query);
  let body;
  if (isPending)
    // A full table's height (header and 20 rows), so the sections below do not jump on load.
    body = <p className="h-[812px] p-4 text-sm text-subtle">Loading standings...</p>;
  else if (query.isError || rows === undefined || rows.length === 0)
    body = <p className="p-4 text-sm text-subtle">No standings data available</p>;
  else
    body = (
      <table className="w-full text-sm">
        <thead className="bg-chalk text-xs uppercase text-subtle">
          <tr>
            <th scope="col" className="w-10 px-1 py-2">
              <span className="sr-only">My clubs</span>
            </th>
            <th scope="col" className={CELL}>
              #
            </th>
            <th scope="col" className="px-2 py-2 text-left">
              Team
            </th>
            <th scope="col" className={CELL}>
              <abbr title="Played">P</abbr>
            </th>
            <th scope="col" className={CELL}>
              <abbr title="Won">W</abbr>
            </th>
            <th scope="col" className={CELL}>
              <abbr title="Drawn">D</abbr>
            </th>
            <th scope="col" className={CELL}>
              <abbr title="Lost">L</abbr>
            </th>
            <th scope="col" className={CELL}>
              <abbr title="Points">Pts</abbr>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-t border-line">
              <td className="px-1 py-0">
                {/* A provider's own table has no club keys: nothing to star by. */}
                {row.key === undefined ? null : (
                  <FavouriteButton club={{ key: row.key, name: row.team }} />
                )}
              </td>
              <td className={CELL}>{row.pos}</td>
              <th scope="row" className="px-2 py-2 text-left font-medium">
                <TeamLink
                  club={{ key: row.key, name: row.team }}
                  className="flex items-center gap-2"
                >
                  <Shield src={row.shield} size={22} />
                  <span className="hidden truncate md:inline">{row.team}</span>
                  <span className="sr-only md:hidden">{row.team}</span>
                </TeamLink>
              </th>
              <td className={CELL}>{row.wins + row.draws + row.losses}</td>
              <td className={CELL}>{row.wins}</td>
              <td className={CELL}>{row.draws}</td>
              <td className={CELL}>{row.losses}</td>
              <td className={`${CELL} font-bold`}>{row.points}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  return (
    <section
      aria-labelledby="table-title"
      className="overflow-hidden rounded-xl border border-line bg-white shadow-sm"
    >
      <h2 id="table-title" className="border-b border-line px-4 py-3 text-lg font-bold">
        League Table
      </h2>
      {body}
    </section>
  );
}
