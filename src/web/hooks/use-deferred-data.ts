import { useDeferredValue } from 'react';

/**
 * A query's data as a section should render it. When an answer arrives, React first re-renders
 * with the data the section already shows (the same screen, so cheap), then renders the new data
 * at transition priority, in slices of a few milliseconds that leave the main thread free for
 * taps and paints: a dozen answers landing together never make one long task. `isPending` stays
 * true until the first answer has been drawn.
 */
export function useDeferredData<T>(query: { data: T | undefined; isPending: boolean }): {
  data: T | undefined;
  isPending: boolean;
} {
  const data = useDeferredValue(query.data);
  return { data, isPending: query.isPending || (data === undefined && query.data !== undefined) };
}
