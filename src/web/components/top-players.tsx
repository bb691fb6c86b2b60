import type { StatsEntry } from '../../domain/player-stats.ts';
import { CountryFlag } from './country-flag.tsx';
import { Shield } from './shield.tsx';
import { TeamLink } from './team-link.tsx';

const TOP = 10;

/** Top scorers or assisters: player (photo, name, flag), team (crest, name) and the total. */
export function TopPlayers(props: {
  title: string;
  column: string;
  entries: StatsEntry[] | undefined;
  isPending: boolean;
  emptyText: string;
}) {
  const rows = (props.entries ?? []).slice(0, TOP);
  return (
    <section
      aria-label={props.title}
      className="overflow-hidden rounded-xl border border-line bg-white shadow-sm"
    >
      <h2 className="border-b border-line px-4 py-3 text-lg font-bold">{props.title}</h2>
      {props.isPending ? (
        <p className="p-4 text-sm text-subtle">Loading…</p>
      ) : rows.length === 0 ? (
        <p className="p-4 text-sm text-subtle">{props.emptyText}</p>
      ) : (
        // Fixed layout: the columns share the card's width, so a long name truncates and the
        // total always shows, on the narrowest phone too.
        <table className="w-full table-fixed text-sm">
          <colgroup>
            <col />
            <col className="w-12 sm:w-[38%]" />
            <col className="w-20" />
          </colgroup>
          <thead className="bg-chalk text-xs uppercase text-subtle">
            <tr>
              <th scope="col" className="px-3 py-2 text-left">
                Player
              </th>
              <th scope="col" className="px-2 py-2 text-left sm:px-3">
                <span className="sr-only sm:not-sr-only">Team</span>
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                {props.column}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((entry) => (
              <tr key={String(entry.player_id)} className="border-t border-line">
                <th scope="row" className="px-3 py-2 text-left font-medium">
                  <span className="flex min-w-0 items-center gap-2">
                    <Shield src={entry.player_image} size={28} className="rounded-full" />
                    <span className="min-w-0 truncate">{entry.nick}</span>
                    <CountryFlag code={entry.flag} />
                  </span>
                </th>
                <td className="px-2 py-2 sm:px-3">
                  {entry.team_name === '' ? null : (
                    <TeamLink
                      club={{ key: entry.team_key, name: entry.team_name }}
                      className="flex min-w-0 items-center gap-2"
                    >
                      <Shield src={entry.team_shield} size={20} />
                      <span className="hidden min-w-0 truncate sm:inline">{entry.team_name}</span>
                      <span className="sr-only sm:hidden">{entry.team_name}</span>
                    </TeamLink>
                  )}
                </td>
                <td className="px-3 py-2 text-right font-bold tabular-nums">{entry.total}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
