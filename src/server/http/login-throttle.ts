/** Counts failed logins per client address in a sliding window. */
export type LoginThrottle = {
  /** Seconds the address must wait before trying again, or 0 when it may try now. */
  retryAfter: (address: string, now: Date) => number;
  recordFailure: (address: string, now: Date) => void;
};

export function createLoginThrottle(options: { limit: number; windowMs: number }): LoginThrottle {
  const failures = new Map<string, number[]>();

  const recent = (address: string, now: Date): number[] => {
    const since = now.getTime() - options.windowMs;
    const kept = (failures.get(address) ?? []).filter((t) => t > since);
    if (kept.length === 0) failures.delete(address);
    else failures.set(address, kept);
    return kept;
  };

  return {
    retryAfter(address, now) {
      const kept = recent(address, now);
      if (kept.length < options.limit) return 0;
      const oldest = kept[kept.length - options.limit] ?? now.getTime();
      return Math.max(1, Math.ceil((oldest + options.windowMs - now.getTime()) / 1000));
    },
    recordFailure(address, now) {
      const kept = recent(address, now);
      kept.push(now.getTime());
      failures.set(address, kept);
      if (failures.size > 100_000) failures.delete(failures.keys().next().value ?? address);
    },
  };
}
