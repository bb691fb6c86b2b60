import { useState, type ReactNode } from 'react';

import type { LeagueXgRow } from '../../domain/api/league-xg.ts';
import { useLeagueXg } from '../api/league-xg.ts';
import { useDeferredData } from '../hooks/use-deferred-data.ts';
import { Shield } from './shield.tsx';
import { TeamLink } from './team-link.tsx';

// Narrow cells and one decimal: the eight columns fit a 360 px screen without scrolling.
const CELL = 'px-1 py-2 text-center tabular-nums sm:px-2';

/** One decimal; a sign on a difference ("+2.4", "-0.8", "0.0"). */
function formatFigure(value: number, signed = false): string {
  const text = value.toFixed(1);
  if (text === '-0.0') return '0.0';
  return signed && value > 0 && text !== '0.0' ? `+${text}` : text;
}

type SortKey =
  | 'team'
  | 'matches'
  | 'xg_for'
  | 'xg_against'
  | 'xg_difference'
  | 'points'
  | 'expected_points'
  | 'points_difference';

type Column = {
  key: Exclude<SortKey, 'team'>;
  label: string;
  title: string;
  format: (row: LeagueXgRow) => string;
  strong?: boolean;
};

const COLUMNS: Column[] = [
  { key: 'matches', label: 'M', title: 'Matches with xG', format: (r) => String(r.matches) },
  {
    key: 'xg_for',
    label: 'xG',
    title: 'Expected goals for',
    format: (r) => formatFigure(r.xg_for),
  },
  {
    key: 'xg_against',
    label: 'xGA',
    title: 'Expected goals against',
    format: (r) => formatFigure(r.xg_against),
  },
  {
    key: 'xg_difference',
    label: 'xGD',
    title: 'Expected goal difference',
    format: (r) => formatFigure(r.xg_difference, true),
  },
  {
    key: 'points',
    label: 'Pts',
    title: 'Points',
    format: (r) => String(r.points),
    strong: true,
  },
  {
    key: 'expected_points',
    label: 'xPts',
    title: 'Expected points',
    format: (r) => formatFigure(r.expected_points),
  },
  {
    key: 'points_difference',
    label: '±',
    title: 'Points less expected points',
    format: (r) => formatFigure(r.points_difference, true),
  },
];

type Sort = { key: SortKey; descending: boolean };

/** The rows in the chosen order; ties keep the server's order (points, then xG difference). */
function sortRows(rows: readonly LeagueXgRow[], sort: Sort): LeagueXgRow[] {
  const ranked = rows.map((row, index) => ({ row, index }));
  const sign = sort.descending ? -1 : 1;
  ranked.sort((a, b) => {
    const order =
      sort.key === 'team'
        ? a.row.team.name.localeCompare(b.row.team.name, 'en')
        : a.row[sort.key] - b.row[sort.key];
    return sign * order || a.index - b.index;
  });
  return ranked.map((r) => r.row);
}

/** A column heading that sorts the table by its column: first most, then least. */
function SortHeader(props: {
  sortKey: SortKey;
  sort: Sort;
  onSort: (key: SortKey) => void;
  className: string;
  /**
   * The full name, where the heading shows an abbreviation: spoken after it, so the button's
   * name still holds the text it shows (voice control users say what they see).
   */
  label?: string;
  children: ReactNode;
}) {
  const active = props.sort.key === props.sortKey;
  return (
    <th
      scope="col"
      className={props.className}
      aria-sort={active ? (props.sort.descending ? 'descending' : 'ascending') : undefined}
    >
      <button
        type="button"
        onClick={() => props.onSort(props.sortKey)}
        className={`rounded-sm underline-offset-2 hover:underline ${active ? 'text-ink' : ''}`}
      >
        {props.children}
        {props.label === undefined ? null : <span className="sr-only">, {props.label}</span>}
        {/* Only the sorted column's: an arrow held in every heading would not fit a phone. */}
        {active ? <span aria-hidden="true">{props.sort.descending ? '↓' : '↑'}</span> : null}
      </button>
    </th>
  );
}

function XgTable({ rows }: { rows: readonly LeagueXgRow[] }) {
  const [sort, setSort] = useState<Sort>({ key: 'points', descending: true });
  const onSort = (key: SortKey) =>
    setSort((current) =>
      current.key === key
        ? { key, descending: !current.descending }
        : { key, descending: key !== 'team' },
    );
  return (
    <table className="w-full text-xs sm:text-sm">
      <caption className="px-4 pt-3 pb-2 text-left text-xs text-subtle">
        Finished matches with recorded xG. Expected points (xPts) are the points each match’s
        chances were worth: 3 a win and 1 a draw, by how likely each was from the shots’ xG.
      </caption>
      <thead className="bg-chalk text-xs uppercase text-subtle">
        <tr>
          <SortHeader
            sortKey="team"
            sort={sort}
            onSort={onSort}
            className="px-2 py-2 text-left sm:px-3"
          >
            Club
          </SortHeader>
          {COLUMNS.map((column) => (
            <SortHeader
              key={column.key}
              sortKey={column.key}
              sort={sort}
              onSort={onSort}
              className={CELL}
              label={`${column.title} (${column.label})`}
            >
              <abbr title={column.title} className="normal-case">
                {column.label}
              </abbr>
            </SortHeader>
          ))}
        </tr>
      </thead>
      <tbody>
        {sortRows(rows, sort).map((row) => (
          <tr key={row.team.key} className="border-t border-line">
            <th scope="row" className="px-2 py-2 text-left font-medium sm:px-3">
              <TeamLink club={row.team} className="flex items-center gap-1.5 sm:gap-2">
                <Shield src={row.team.shield} size={20} />
                {/* A phone has room for the three-letter name only; the link still says it all. */}
                <span aria-hidden="true" className="sm:hidden">
                  {row.team.short_name}
                </span>
                <span className="sr-only sm:not-sr-only sm:line-clamp-2 sm:leading-tight">
                  {row.team.name}
                </span>
              </TeamLink>
            </th>
            {COLUMNS.map((column) => (
              <td key={column.key} className={`${CELL} ${column.strong ? 'font-bold' : ''}`}>
                {column.format(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The league's expected-goals table: each club's xG, xGA, points and expected points. */
export function LeagueXgTable({ slug }: { slug: string | undefined }) {
  const query = useLeagueXg(slug);
  const { data: answer, isPending } = useDeferredData(query);
  let body;
  if (isPending) body = <p className="p-4 text-sm text-subtle">Loading the xG table...</p>;
  else if (query.isError || answer === undefined)
    body = <p className="p-4 text-sm text-subtle">xG table not available</p>;
  else if (answer.rows.length === 0)
    body = (
      <p className="p-4 text-sm text-subtle">Expected goals are not recorded for this season.</p>
    );
  else body = <XgTable rows={answer.rows} />;
  return (
    <section
      aria-labelledby="xg-title"
      className="overflow-hidden rounded-xl border border-line bg-white shadow-sm"
    >
      <h2 id="xg-title" className="border-b border-line px-4 py-3 text-lg font-bold">
        Expected goals (xG) table
      </h2>
      {body}
    </section>
  );
}
