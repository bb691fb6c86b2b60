import { useSyncExternalStore } from 'react';

import { parseFavourites, type FavouriteClub } from '../../domain/favourites.ts';

/** Where the favourite clubs live in the browser: a JSON list of `{ key, name }`. */
export const FAVOURITES_STORAGE_KEY = 'touchline:favourites';

type Snapshot = {
  clubs: readonly FavouriteClub[];
  keys: ReadonlySet<string>;
  /** What the live region last said: "Arsenal added to my clubs". */
  announcement: string;
};

const listeners = new Set<() => void>();

function getStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Reading localStorage itself throws where it is blocked (some privacy settings).
    return null;
  }
}

function readStored(): FavouriteClub[] {
  try {
    return parseFavourites(getStorage()?.getItem(FAVOURITES_STORAGE_KEY));
  } catch {
    return [];
  }
}

function toSnapshot(clubs: readonly FavouriteClub[], announcement: string): Snapshot {
  return { clubs, keys: new Set(clubs.map((c) => c.key)), announcement };
}

let snapshot = toSnapshot(readStored(), '');

function publish(next: Snapshot) {
  snapshot = next;
  for (const listener of listeners) listener();
}

function write(clubs: readonly FavouriteClub[], announcement: string) {
  try {
    getStorage()?.setItem(FAVOURITES_STORAGE_KEY, JSON.stringify(clubs));
  } catch {
    // Full or unavailable storage: the favourites still hold in this page until it closes.
  }
  publish(toSnapshot(clubs, announcement));
}

/** Another tab changed the favourites (or cleared the storage): read them again. */
function onStorage(event: StorageEvent) {
  if (event.key !== null && event.key !== FAVOURITES_STORAGE_KEY) return;
  publish(toSnapshot(readStored(), snapshot.announcement));
}

/** The favourite clubs of this browser, shared by every component and kept in localStorage. */
export const favouritesStore = {
  subscribe(listener: () => void) {
    if (listeners.size === 0 && typeof window !== 'undefined') {
      window.addEventListener('storage', onStorage);
      // Another tab may have written while nothing here was listening.
      const stored = readStored();
      if (JSON.stringify(stored) !== JSON.stringify(snapshot.clubs)) {
        snapshot = toSnapshot(stored, snapshot.announcement);
      }
    }
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && typeof window !== 'undefined') {
        window.removeEventListener('storage', onStorage);
      }
    };
  },
  getSnapshot: () => snapshot,
  /** Stars a club, or takes its star away: identified by key; the name is for people. */
  toggle(club: FavouriteClub) {
    const { clubs, keys } = snapshot;
    if (keys.has(club.key)) {
      write(
        clubs.filter((c) => c.key !== club.key),
        `${club.name} removed from my clubs`,
      );
    } else {
      write([...clubs, { key: club.key, name: club.name }], `${club.name} added to my clubs`);
    }
  },
  /** Reads the storage again (after a test or another script changed it). */
  reload() {
    publish(toSnapshot(readStored(), ''));
  },
};

/** The favourite clubs, their keys, the last announcement and a toggle; updates everywhere at once. */
export function useFavourites() {
  const current = useSyncExternalStore(
    favouritesStore.subscribe,
    favouritesStore.getSnapshot,
    favouritesStore.getSnapshot,
  );
  return { ...current, toggle: favouritesStore.toggle };
}
