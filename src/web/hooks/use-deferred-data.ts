import { useDeferredValue } from 'react';

/**
 * A query's data as a section should render it. When an answer arrives, React first re-renders
 * with the data the section already shows (the same screen, so cheap), then renders the new data
 * at transition priority, in slices of a few milliseconds that leave the main thread free for
 * taps and paints: a dozen answers landing together never make one long task. `settling` is true
 * while the section still shows older data than the query holds.
 */
export function useDeferredData<T>(data: T): { data: T; settling: boolean } {
  const deferred = useDeferredValue(data);
  return { data: deferred, settling: deferred !== data };
}
