import type { MatchFacts } from '../../../domain/api/match-centre.ts';
import { Section } from '../match-centre-sections.tsx';
import { ShotMap } from './shot-map.tsx';
import { XgRace } from './xg-race.tsx';

const CARD = 'flex flex-col gap-2 rounded-xl border border-line bg-white p-3';

/**
 * The Shots section: the shot map and the xG race, or one sentence where the record has no
 * shots for the match (null) or none have been taken yet (an empty list).
 */
export function ShotsSection({
  shots,
  home,
  away,
  finished,
}: {
  shots: MatchFacts['shots'];
  home: string;
  away: string;
  finished: boolean;
}) {
  return (
    <Section id="shots-title" title="Shots">
      {shots === null || shots.length === 0 ? (
        <p className="text-sm">
          {shots === null ? 'Shots are not recorded for this match.' : 'No shots yet.'}
        </p>
      ) : (
        <>
          <div className={CARD}>
            <ShotMap shots={shots} home={home} away={away} />
          </div>
          <section aria-labelledby="xg-race-title" className={CARD}>
            <h3 id="xg-race-title" className="font-semibold">
              xG race
            </h3>
            <XgRace shots={shots} home={home} away={away} finished={finished} />
          </section>
        </>
      )}
    </Section>
  );
}
