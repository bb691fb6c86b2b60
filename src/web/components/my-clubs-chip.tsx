import { useFavourites } from '../hooks/use-favourites.ts';
import { StarIcon } from './favourite-button.tsx';

/**
 * The "My clubs" filter chip: pressed, a list shows only the favourite clubs' items. Shown only
 * once a club has a star (a star on the table, a match or a team page adds one).
 */
export function MyClubsChip({
  pressed,
  onChange,
}: {
  pressed: boolean;
  onChange: (pressed: boolean) => void;
}) {
  const { clubs } = useFavourites();
  if (clubs.length === 0) return null;
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={() => onChange(!pressed)}
      className={`inline-flex h-8 shrink-0 items-center gap-1.5 rounded-full border px-3 text-sm font-medium transition-colors ${
        pressed
          ? 'border-pitch bg-pitch text-chalk'
          : 'border-line bg-white text-ink hover:border-pitch-light'
      }`}
    >
      <StarIcon filled={pressed} className="size-4" />
      My clubs
    </button>
  );
}
