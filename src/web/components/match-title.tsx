import { Link } from 'react-router';

import type { OddsEvent } from '../../domain/odds.ts';
import { getMatchPath } from '../paths.ts';

/** "Home vs Away", a link to the match page when the event names its stored match. */
export function MatchTitle({ event }: { event: OddsEvent }) {
  const title = (
    <>
      {event.home_team} <span className="text-subtle">vs</span> {event.away_team}
    </>
  );
  if (event.match_id === undefined) return title;
  return (
    <Link
      to={getMatchPath(event.match_id, event.home_team, event.away_team)}
      className="hover:underline"
    >
      {title}
    </Link>
  );
}
