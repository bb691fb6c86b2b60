import { useCallback, useState, type ReactNode } from 'react';

/**
 * How far beyond the screen a section starts loading: half a phone's screen, so it is usually
 * drawn by the time it is scrolled to.
 */
const REACH = '400px 0px';

/**
 * `children` once the placeholder's box comes within reach of the screen, and from then on; a
 * pulsing placeholder box until then. A section far down a page fetches and draws nothing while the fan
 * reads its top, which on a phone leaves the first screen the main thread and the connection.
 * Where the browser cannot tell (no IntersectionObserver), the children at once.
 */
export function NearScreen({
  children,
  placeholderClassName,
}: {
  children: ReactNode;
  /** The placeholder box's classes: about the height of what it stands for, so nothing jumps. */
  placeholderClassName: string;
}) {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const observe = useCallback((element: HTMLDivElement | null) => {
    if (element === null) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          setNear(true);
        }
      },
      { rootMargin: REACH },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, []);
  if (near) return children;
  return (
    <div
      ref={observe}
      aria-hidden="true"
      data-near-screen="waiting"
      className={`animate-pulse rounded-xl bg-line ${placeholderClassName}`}
    />
  );
}
