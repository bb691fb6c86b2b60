import { Link } from 'react-router';

import type {
  FormEntry,
  HeadToHead,
  MatchCentre,
  MatchFacts,
  StandingRow,
  TimelineEntry,
} from '../../domain/api/match-centre.ts';
import { getMatchPath, paths } from '../paths.ts';
import { Tooltip, TooltipProvider } from './ui/tooltip.tsx';

const CARD = 'rounded-xl border border-line bg-white p-3';
const EMPTY = 'rounded-xl border border-line bg-white p-4 text-sm text-subtle';
const pct = (p: number) => `${Math.round(p * 100)}%`;

/** A page section: a heading and what it heads, named by the heading. */
export function Section(props: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={props.id} className="flex flex-col gap-2">
      <h2 id={props.id} className="text-lg font-bold">
        {props.title}
      </h2>
      {props.children}
    </section>
  );
}

function goalNote(line: TimelineEntry): string {
  const notes = [line.penalty ? 'pen.' : '', line.own_goal ? 'o.g.' : ''].filter(Boolean);
  return notes.length === 0 ? '' : ` (${notes.join(', ')})`;
}

/**
 * A drawn ball before each scorer: not the ⚽ emoji, which a browser without an emoji font draws
 * as an empty box. The list is named "Goals", so the picture says nothing more to a screen reader.
 */
function BallIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 16 16"
      className="-mt-0.5 inline-block h-3.5 w-3.5 align-middle"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.2"
    >
      <circle cx="8" cy="8" r="6.6" />
      <path d="M8 5.2 10.7 7.1 9.7 10.3H6.3L5.3 7.1Z" fill="currentColor" />
      <path d="M8 5.2V1.4M10.7 7.1l3.6-1.2M9.7 10.3l2.2 3.1M6.3 10.3l-2.2 3.1M5.3 7.1 1.7 5.9" />
    </svg>
  );
}

/** What the timeline says of a goal's `assist`, by what the record means by it. */
function assistNote(assist: string, kind: MatchFacts['assist_kind']): string {
  return kind === 'chance' ? ` (chance created by ${assist})` : ` (assist ${assist})`;
}

/**
 * Goals with minute, scorer and assister, and the half-time and full-time markers. Where the
 * record has no goal events, the markers alone, under a line saying so.
 */
export function Timeline({
  lines,
  facts,
}: {
  lines: TimelineEntry[];
  facts: Pick<MatchFacts, 'goals_recorded' | 'assist_kind'>;
}) {
  const shown = facts.goals_recorded ? lines : lines.filter((line) => line.type !== 'goal');
  return (
    <Section id="timeline-title" title="Timeline">
      {facts.goals_recorded ? null : (
        <p className="text-sm text-subtle">
          Goal times and scorers are not on record for this season; the score is.
        </p>
      )}
      {shown.length === 0 ? (
        facts.goals_recorded ? (
          <p className={EMPTY}>No goals yet</p>
        ) : null
      ) : (
        <ol className={`${CARD} flex flex-col gap-1 text-sm`} aria-label="Goals">
          {shown.map((line, i) =>
            line.type === 'goal' ? (
              <li
                key={i}
                data-goal={line.side ?? ''}
                className={`flex gap-2 ${line.side === 'away' ? 'flex-row-reverse text-right' : ''}`}
              >
                <span className="w-10 shrink-0 font-semibold tabular-nums">
                  {line.minute}&apos;
                </span>
                <span className="min-w-0 flex-1 break-words">
                  <BallIcon /> {line.scorer ?? 'Goal'}
                  {goalNote(line)}
                  {line.assist === null ? null : (
                    <span className="text-subtle">
                      {assistNote(line.assist, facts.assist_kind)}
                    </span>
                  )}
                </span>
                <span className="shrink-0 font-bold tabular-nums">{line.score}</span>
              </li>
            ) : (
              <li
                key={i}
                className="my-1 rounded bg-chalk px-2 py-1 text-center text-xs font-semibold uppercase text-subtle"
              >
                {line.type === 'half-time' ? 'Half-time' : 'Full-time'} {line.score}
              </li>
            ),
          )}
        </ol>
      )}
    </Section>
  );
}

function Bar({
  label,
  home,
  draw,
  away,
}: {
  label: string;
  home: number;
  draw: number;
  away: number;
}) {
  return (
    <div className="flex flex-col gap-1">
      <div className="flex justify-between text-xs">
        <span className="font-semibold">{label}</span>
        <span className="tabular-nums text-subtle">
          {pct(home)} · {pct(draw)} · {pct(away)}
        </span>
      </div>
      <div
        className="flex h-3 overflow-hidden rounded-full bg-line"
        role="img"
        aria-label={`${label}: home ${pct(home)}, draw ${pct(draw)}, away ${pct(away)}`}
      >
        <span className="bg-pitch" style={{ width: `${home * 100}%` }} />
        <span className="bg-subtle" style={{ width: `${draw * 100}%` }} />
        <span className="bg-ink" style={{ width: `${away * 100}%` }} />
      </div>
    </div>
  );
}

/** Each model's home/draw/away bar beside the market's, expected goals and likely scores. */
export function Probabilities({ data }: { data: MatchCentre }) {
  return (
    <Section id="probabilities-title" title="Probabilities">
      {data.predictions.length === 0 && data.market === null ? (
        <p className={EMPTY}>No predictions available</p>
      ) : (
        <div className={`${CARD} flex flex-col gap-3`}>
          {data.market === null ? null : (
            <TooltipProvider>
              <Tooltip label="The bookmakers' prices with their margin taken off by Shin's method, averaged over the bookmakers">
                <div tabIndex={0}>
                  <Bar label="Market (Shin's method)" {...data.market} />
                </div>
              </Tooltip>
            </TooltipProvider>
          )}
          {data.predictions.length === 0 ? (
            <p className="text-sm text-subtle">No predictions available</p>
          ) : null}
          {data.predictions.map((p) => (
            <div key={p.model} className="flex flex-col gap-1" data-model={p.model}>
              <Bar label={p.model} home={p.home} draw={p.draw} away={p.away} />
              <p className="text-xs text-subtle">
                Pick: {p.pick}
                {p.correct === null ? '' : p.correct ? ' ✓ right' : ' ✗ wrong'}
                {p.xg_home === null || p.xg_away === null
                  ? ''
                  : ` · expected goals ${p.xg_home.toFixed(1)}-${p.xg_away.toFixed(1)}`}
                {p.likely_scores.length === 0
                  ? ''
                  : ` · likely scores ${p.likely_scores.map((s) => `${s.home}-${s.away} (${pct(s.probability)})`).join(', ')}`}
              </p>
            </div>
          ))}
        </div>
      )}
      <Link
        to={paths.predictions()}
        className="self-start text-sm font-semibold text-pitch underline underline-offset-4"
      >
        Track record
      </Link>
    </Section>
  );
}

const OUTCOME_TONE = { W: 'bg-pitch text-chalk', D: 'bg-line', L: 'bg-red-700 text-white' };

function FormList({ club, entries }: { club: string; entries: FormEntry[] }) {
  return (
    <div className={CARD}>
      <h3 className="mb-1 font-semibold">{club}</h3>
      {entries.length === 0 ? (
        <p className="text-sm text-subtle">No previous results</p>
      ) : (
        <ul className="flex flex-col gap-1 text-sm" aria-label={`${club} form`}>
          {entries.map((e, i) => {
            const text = `${e.score} ${e.venue === 'H' ? 'v' : 'at'} ${e.opponent}`;
            return (
              <li key={i} className="flex items-center gap-2" data-form={e.outcome}>
                <span
                  className={`w-6 shrink-0 rounded text-center text-xs font-bold ${OUTCOME_TONE[e.outcome]}`}
                >
                  {e.outcome}
                </span>
                <span className="min-w-0 flex-1 truncate">
                  {e.match_id === null ? (
                    text
                  ) : (
                    <Link
                      className="underline focus-visible:-outline-offset-3"
                      to={getMatchPath(e.match_id)}
                    >
                      {text}
                    </Link>
                  )}
                </span>
                <span className="shrink-0 text-xs text-subtle">{e.date}</span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/** Each club's last five league results before the match. */
export function Form({ data }: { data: MatchCentre }) {
  return (
    <Section id="form-title" title="Form">
      <div className="grid gap-2 md:grid-cols-2">
        <FormList club={data.match.home.name} entries={data.form.home} />
        <FormList club={data.match.away.name} entries={data.form.away} />
      </div>
    </Section>
  );
}

/** The last meetings with the counts from the home club's view. */
export function HeadToHeadSection({
  h2h,
  home,
  away,
}: {
  h2h: HeadToHead;
  home: string;
  away: string;
}) {
  return (
    <Section id="h2h-title" title="Head to head">
      {h2h.meetings.length === 0 ? (
        <p className={EMPTY}>No previous meetings</p>
      ) : (
        <div className={CARD}>
          <p className="mb-2 text-sm">
            {home} {h2h.home_wins} · draws {h2h.draws} · {away} {h2h.away_wins}{' '}
            <span className="text-subtle">
              (goals {h2h.home_goals}-{h2h.away_goals})
            </span>
          </p>
          <ul className="flex flex-col gap-1 text-sm" aria-label="Past meetings">
            {h2h.meetings.map((m, i) => {
              const text = `${m.home} ${m.home_goals}-${m.away_goals} ${m.away}`;
              return (
                <li key={i} className="flex gap-2">
                  <span className="w-24 shrink-0 text-xs text-subtle">{m.date}</span>
                  <span className="min-w-0 flex-1 break-words">
                    {m.match_id === null ? (
                      text
                    ) : (
                      <Link className="underline" to={getMatchPath(m.match_id)}>
                        {text}
                      </Link>
                    )}
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </Section>
  );
}

/** Today's table, compact, with the two clubs highlighted. */
export function Standing({ rows }: { rows: StandingRow[] }) {
  return (
    <Section id="standing-title" title="Standing">
      {rows.length === 0 ? (
        <p className={EMPTY}>No standings data available</p>
      ) : (
        <table className={`${CARD} w-full text-sm`}>
          <thead>
            <tr className="text-xs text-subtle">
              <th scope="col" className="text-left">
                #
              </th>
              <th scope="col" className="text-left">
                Team
              </th>
              <th scope="col">P</th>
              <th scope="col">Pts</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.pos} className={r.side === null ? '' : 'bg-pitch/10 font-bold'}>
                <td>{r.pos}</td>
                <td className="max-w-0">
                  {/* A tap target of at least 24 px, as WCAG 2.2's target size asks. */}
                  <Link className="block truncate py-1" to={`/team/${r.slug}`}>
                    {r.team}
                  </Link>
                </td>
                <td className="text-center tabular-nums">{r.played}</td>
                <td className="text-center tabular-nums">{r.points}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}

export function Report({ report }: { report: MatchCentre['report'] }) {
  if (report === null) return null;
  return (
    <Section id="report-title" title="Report">
      <article className={CARD}>
        <h3 className="font-semibold">{report.title}</h3>
        <p className="text-sm">{report.summary}</p>
      </article>
    </Section>
  );
}
