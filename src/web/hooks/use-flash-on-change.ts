import { useEffect, useState } from 'react';

/** How long a changed score stays highlighted (styles.css fades `[data-flash]` over the same 2 s). */
export const FLASH_MS = 2000;

/**
 * True for `ms` after `value` changes (each change starts the time again); false on first mount,
 * so a page that opens on a score does not highlight it.
 */
export function useFlashOnChange(value: unknown, ms: number): boolean {
  const [previous, setPrevious] = useState(value);
  const [changes, setChanges] = useState(0);
  const [settled, setSettled] = useState(0);
  // Adjusted while rendering, not in an effect, so the highlight shows in the same paint.
  if (!Object.is(previous, value)) {
    setPrevious(value);
    setChanges(changes + 1);
  }
  useEffect(() => {
    if (changes === 0) return;
    const timer = setTimeout(() => setSettled(changes), ms);
    return () => clearTimeout(timer);
  }, [changes, ms]);
  return changes !== settled;
}
