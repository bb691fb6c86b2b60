import { useEffect, useState } from 'react';

import type * as TooltipModule from './tooltip.tsx';

let loaded: typeof TooltipModule | undefined;

/**
 * Radix's tooltip (≈ 25 KB gzip with its positioning engine), loaded after the first screen and
 * only where tooltips show: undefined until then, and the chips work without it.
 */
export function useTooltips(enabled: boolean): typeof TooltipModule | undefined {
  const [tooltips, setTooltips] = useState(loaded);
  useEffect(() => {
    if (!enabled || tooltips !== undefined) return;
    let current = true;
    import('./tooltip.tsx').then(
      (module) => {
        loaded = module;
        if (current) setTooltips(module);
      },
      // A tooltip only repeats a link's name: when its script cannot load, the links stay bare.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [enabled, tooltips]);
  return enabled ? tooltips : undefined;
}
