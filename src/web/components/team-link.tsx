import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { slugifyTeamName } from '../../domain/team-names.ts';

/**
 * The team page of a club: `/team/<key>` when the key is known, else the club's name as a
 * slug, which the server reads as the club of that name (the page then shows its key).
 */
export function teamPath(club: { key?: string; name: string }): string {
  return `/team/${encodeURIComponent(club.key ?? slugifyTeamName(club.name))}`;
}

/** A club's crest and name as one link to its team page. */
export function TeamLink(props: {
  club: { key?: string; name: string };
  className?: string;
  children: ReactNode;
}) {
  return (
    <Link
      to={teamPath(props.club)}
      className={`rounded-sm underline-offset-2 hover:underline ${props.className ?? ''}`}
    >
      {props.children}
    </Link>
  );
}
