import { useFavourites } from '../hooks/use-favourites.ts';

/**
 * The polite live region that tells screen readers a star was pressed ("Arsenal added to my
 * clubs"). One for the whole site, present from the start, so every change is read out.
 */
export function FavouritesAnnouncer() {
  const { announcement } = useFavourites();
  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="sr-only">
      {announcement}
    </div>
  );
}
