import { Link } from 'react-router';

import type { OddsEvent } from '../../domain/odds.ts';
import { getMatchPath } from '../paths.ts';

/**
 * "Home vs Away" on one line, cut short with an ellipsis when long; a link to the match page
 * when the event names its stored match. The line clips itself, so the link's focus ring is
 * drawn inside it rather than cut off by the card.
 */
export function MatchTitle({ event }: { event: OddsEvent }) {
  const title = (
    <>
      {event.home_team} <span className="text-subtle">vs</span> {event.away_team}
    </>
  );
  if (event.match_id === undefined) return <span className="block truncate">{title}</span>;
  return (
    <Link
      to={getMatchPath(event.match_id, event.home_team, event.away_team)}
      className="block truncate hover:underline focus-visible:-outline-offset-3"
    >
      {title}
    </Link>
  );
}
