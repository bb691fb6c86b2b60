import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { FAVOURITES_STORAGE_KEY, favouritesStore, useFavourites } from './use-favourites.ts';

const arsenal = { key: 'arsenal', name: 'Arsenal' };
const inter = { key: 'inter', name: 'Inter' };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('useFavourites', () => {
  it('keeps a starred club in localStorage by key and name', () => {
    const { result } = renderHook(() => useFavourites());
    act(() => result.current.toggle(arsenal));
    expect(result.current.keys.has('arsenal')).toBe(true);
    expect(JSON.parse(window.localStorage.getItem(FAVOURITES_STORAGE_KEY) ?? '')).toEqual([
      arsenal,
    ]);
    act(() => result.current.toggle(arsenal));
    expect(result.current.clubs).toEqual([]);
    expect(JSON.parse(window.localStorage.getItem(FAVOURITES_STORAGE_KEY) ?? '')).toEqual([]);
  });

  it('says what changed, for the live region', () => {
    const { result } = renderHook(() => useFavourites());
    act(() => result.current.toggle(arsenal));
    expect(result.current.announcement).toBe('Arsenal added to my clubs');
    act(() => result.current.toggle(arsenal));
    expect(result.current.announcement).toBe('Arsenal removed from my clubs');
  });

  it('reads what is stored, dropping what is not a club', () => {
    window.localStorage.setItem(
      FAVOURITES_STORAGE_KEY,
      JSON.stringify([arsenal, { key: 7 }, 'inter', inter]),
    );
    favouritesStore.reload();
    const { result } = renderHook(() => useFavourites());
    expect(result.current.clubs).toEqual([arsenal, inter]);
  });

  it('reads garbage as no favourites and starts again over it', () => {
    window.localStorage.setItem(FAVOURITES_STORAGE_KEY, '{not json');
    favouritesStore.reload();
    const { result } = renderHook(() => useFavourites());
    expect(result.current.clubs).toEqual([]);
    act(() => result.current.toggle(inter));
    expect(JSON.parse(window.localStorage.getItem(FAVOURITES_STORAGE_KEY) ?? '')).toEqual([inter]);
  });

  it('still works in the page when localStorage refuses to read or write', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    favouritesStore.reload();
    const { result } = renderHook(() => useFavourites());
    expect(result.current.clubs).toEqual([]);
    act(() => result.current.toggle(arsenal));
    expect(result.current.keys.has('arsenal')).toBe(true);
    expect(result.current.announcement).toBe('Arsenal added to my clubs');
  });

  it('follows a change made in another tab', () => {
    const { result } = renderHook(() => useFavourites());
    expect(result.current.clubs).toEqual([]);
    // Another tab writes the storage; this one hears of it through the storage event.
    window.localStorage.setItem(FAVOURITES_STORAGE_KEY, JSON.stringify([inter]));
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: FAVOURITES_STORAGE_KEY }));
    });
    expect(result.current.clubs).toEqual([inter]);
    // Clearing the whole storage elsewhere is a storage event with no key.
    window.localStorage.clear();
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: null }));
    });
    expect(result.current.clubs).toEqual([]);
  });

  it('ignores storage events about other keys', () => {
    const { result } = renderHook(() => useFavourites());
    act(() => result.current.toggle(arsenal));
    const before = result.current;
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'touchline:theme' }));
    });
    expect(result.current.clubs).toBe(before.clubs);
  });
});
