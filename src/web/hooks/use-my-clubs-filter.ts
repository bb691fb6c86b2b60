import { useSearchParams } from 'react-router';

import { useFavourites } from './use-favourites.ts';

const PARAM = 'clubs';
const MINE = 'mine';

/**
 * Whether a list shows only the favourite clubs' items, kept in the address (`?clubs=mine`) so
 * Back and a reload keep it. Without favourites it is off, whatever the address says.
 */
export function useMyClubsFilter() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { clubs, keys } = useFavourites();
  const active = clubs.length > 0 && searchParams.get(PARAM) === MINE;
  const setActive = (next: boolean) => {
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next) params.set(PARAM, MINE);
        else params.delete(PARAM);
        return params;
      },
      { replace: true },
    );
  };
  return { active, setActive, clubs, keys };
}
