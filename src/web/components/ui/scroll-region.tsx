import type { ReactNode } from 'react';

/**
 * A wide table's sideways scroll box: a keyboard-focusable region named "<label>, scrolls
 * sideways", its focus ring drawn inside (a card around it may clip what is drawn outside), and
 * positioned, so screen-reader text placed absolutely in its cells scrolls with them rather than
 * widening the page.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      className="relative overflow-x-auto focus-visible:-outline-offset-3"
      tabIndex={0}
      role="region"
      aria-label={`${label}, scrolls sideways`}
    >
      {children}
    </div>
  );
}
