import type { MatchFacts, Statistic } from '../../../domain/api/match-centre.ts';
import { Section } from '../match-centre-sections.tsx';

type StatisticName = Statistic['key'];

const LABELS: Record<StatisticName, string> = {
  shots: 'Shots',
  shots_on_target: 'Shots on target',
  xg: 'Expected goals (xG)',
  corners: 'Corners',
  fouls: 'Fouls',
  yellow_cards: 'Yellow cards',
  red_cards: 'Red cards',
};

/** How the full-time line names a statistic: both cards are "cards". */
const LATE_NAMES: Record<StatisticName, string> = {
  shots: 'shots',
  shots_on_target: 'shots on target',
  xg: 'expected goals',
  corners: 'corners',
  fouls: 'fouls',
  yellow_cards: 'cards',
  red_cards: 'cards',
};

const formatFigure = (key: StatisticName, value: number) =>
  key === 'xg' ? value.toFixed(2) : String(value);

/** "Corners, fouls and cards appear at full time: …", or null when nothing waits for it. */
export function describeAtFullTime(keys: readonly StatisticName[]): string | null {
  const names = [...new Set(keys.map((key) => LATE_NAMES[key]))];
  if (names.length === 0) return null;
  const list =
    names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  // Every name is a plural: "Corners appear", "Cards appear".
  const text = `${list} appear at full time: the record gives no minute for them.`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** One side's bar: its share of the row's total, growing from the middle outwards. */
function ShareBar({ share, side }: { share: number; side: 'home' | 'away' }) {
  return (
    <span
      className={`flex h-2 flex-1 overflow-hidden rounded-full bg-line ${side === 'home' ? 'justify-end' : ''}`}
    >
      <span
        data-share={side}
        className={`rounded-full ${side === 'home' ? 'bg-side-home' : 'bg-side-away'}`}
        style={{ width: `${share * 100}%` }}
      />
    </span>
  );
}

function StatisticRow({ row, home, away }: { row: Statistic; home: string; away: string }) {
  const total = row.home + row.away;
  const homeText = formatFigure(row.key, row.home);
  const awayText = formatFigure(row.key, row.away);
  return (
    <li data-statistic={row.key} className="flex flex-col gap-1">
      <span className="sr-only">
        {LABELS[row.key]}: {home} {homeText}, {away} {awayText}
      </span>
      <span aria-hidden="true" className="flex items-baseline justify-between gap-2 text-sm">
        <span className="w-12 font-semibold tabular-nums">{homeText}</span>
        <span className="text-center text-subtle">{LABELS[row.key]}</span>
        <span className="w-12 text-right font-semibold tabular-nums">{awayText}</span>
      </span>
      <span aria-hidden="true" className="flex gap-1">
        <ShareBar side="home" share={total === 0 ? 0 : row.home / total} />
        <ShareBar side="away" share={total === 0 ? 0 : row.away / total} />
      </span>
    </li>
  );
}

/**
 * The Statistics section: each known statistic with both figures and paired bars of each side's
 * share, the referee, and which statistics only come at full time.
 */
export function StatisticsBars({
  facts,
  home,
  away,
  finished,
}: {
  facts: Pick<MatchFacts, 'statistics' | 'at_full_time' | 'referee' | 'shots'>;
  home: string;
  away: string;
  finished: boolean;
}) {
  const later = finished ? null : describeAtFullTime(facts.at_full_time);
  // An empty list before full time is "none yet" where anything is on its way.
  const coming = !finished && (later !== null || facts.shots !== null);
  return (
    <Section id="statistics-title" title="Statistics">
      <div className="flex flex-col gap-3 rounded-xl border border-line bg-white p-3">
        {facts.statistics.length === 0 ? (
          <p className="text-sm">
            {coming ? 'No statistics yet.' : 'Statistics are not recorded for this match.'}
          </p>
        ) : (
          <ul
            aria-label="Match statistics"
            className="mx-auto flex w-full max-w-2xl flex-col gap-3"
          >
            {facts.statistics.map((row) => (
              <StatisticRow key={row.key} row={row} home={home} away={away} />
            ))}
          </ul>
        )}
        {facts.referee === null && later === null ? null : (
          <div className="mx-auto flex w-full max-w-2xl flex-col gap-1 text-xs text-subtle">
            {facts.referee === null ? null : <p>Referee: {facts.referee}</p>}
            {later === null ? null : <p>{later}</p>}
          </div>
        )}
      </div>
    </Section>
  );
}
