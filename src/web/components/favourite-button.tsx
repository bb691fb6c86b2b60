import type { FavouriteClub } from '../../domain/favourites.ts';
import { useFavourites } from '../hooks/use-favourites.ts';

/** A five-pointed star, filled or outlined; decorative (its button or row carries the words). */
export function StarIcon({
  filled,
  className = 'size-5',
}: {
  filled: boolean;
  className?: string;
}) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="2"
      strokeLinejoin="round"
    >
      <path d="M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3-4.6-4.4 6.3-.9L12 2.8z" />
    </svg>
  );
}

const TONES = {
  /** On a white card or the page. */
  light: { on: 'text-accent', off: 'text-subtle hover:text-ink' },
  /** On the pitch-green header of a match. */
  dark: { on: 'text-accent', off: 'text-chalk hover:text-white' },
};

/**
 * The star that puts a club in "my clubs" (kept in this browser) or takes it out. A real toggle
 * button: pressed while the club is a favourite, named after what a press does.
 */
export function FavouriteButton({
  club,
  tone = 'light',
  labelled = false,
}: {
  club: FavouriteClub;
  tone?: keyof typeof TONES;
  /** Shows the words "My clubs" beside the star (a page header has room for them). */
  labelled?: boolean;
}) {
  const { keys, toggle } = useFavourites();
  const on = keys.has(club.key);
  const colours = on ? TONES[tone].on : TONES[tone].off;
  return (
    <button
      type="button"
      aria-pressed={on}
      aria-label={on ? `Remove ${club.name} from my clubs` : `Add ${club.name} to my clubs`}
      title={on ? 'In my clubs' : 'Add to my clubs'}
      onClick={() => toggle(club)}
      className={
        labelled
          ? `inline-flex h-9 shrink-0 items-center gap-1.5 rounded-full border px-3 text-sm font-semibold ${
              on ? 'border-accent' : 'border-line'
            } ${colours}`
          : // Drawn inside: in a table row the ring would be cut off by the card's edge.
            `inline-flex size-8 shrink-0 items-center justify-center rounded-full focus-visible:-outline-offset-3 ${colours}`
      }
    >
      <StarIcon filled={on} />
      {labelled ? <span className={on ? 'text-ink' : ''}>My clubs</span> : null}
    </button>
  );
}
