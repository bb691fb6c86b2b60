import { useEffect, useState } from 'react';

import type * as TooltipModule from './tooltip.tsx';

type Loading = { tooltips?: typeof TooltipModule; settled: boolean };

let loaded: Loading = { settled: false };

/**
 * Radix's tooltip (19 KB gzip with its positioning engine), loaded after the first screen and
 * only where tooltips show. `settled` turns true once it has loaded or failed to (the links then
 * stay bare), so a caller can wait for it rather than wrap links already on the screen, which
 * would mount them again under a finger or a focus ring.
 */
export function useTooltips(enabled: boolean): Loading {
  const [state, setState] = useState(loaded);
  useEffect(() => {
    if (!enabled || state.settled) return;
    let current = true;
    // In a task of its own, after the first screen's effects have started its requests.
    const timer = setTimeout(() => {
      import('./tooltip.tsx').then(
        (module) => {
          loaded = { tooltips: module, settled: true };
          if (current) setState(loaded);
        },
        // A tooltip only repeats a link's name: without its script the links are still whole.
        () => {
          loaded = { settled: true };
          if (current) setState(loaded);
        },
      );
    }, 0);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [enabled, state.settled]);
  return enabled ? state : { settled: true };
}
