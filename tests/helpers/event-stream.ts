/** One Server-Sent Event as read, with when it arrived (this machine's clock). */
export type StreamEvent = { event: string; id: string | undefined; data: string; at: number };

export type EventStreamReader = {
  status: number;
  /** Every event read so far. */
  events: () => StreamEvent[];
  /** Resolves with the first event (already read or still to come) that `matches`. */
  waitFor: (matches: (event: StreamEvent) => boolean, timeoutMs?: number) => Promise<StreamEvent>;
  close: () => void;
};

/** Opens `url` as an event stream (GET /api/live) and reads it in the background. */
export async function openEventStream(
  url: string,
  headers: Record<string, string>,
): Promise<EventStreamReader> {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const events: StreamEvent[] = [];
  const waiting = new Set<() => void>();
  let ended: Error | undefined;

  const read = async () => {
    const reader = response.body?.getReader();
    if (reader === undefined) throw new Error('no body');
    const decoder = new TextDecoder();
    let text = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream ended');
      text += decoder.decode(value, { stream: true });
      const blocks = text.split('\n\n');
      text = blocks.pop() ?? '';
      const at = Date.now();
      for (const block of blocks) {
        const field = (name: string) =>
          block
            .split('\n')
            .find((line) => line.startsWith(`${name}: `))
            ?.slice(name.length + 2);
        const event = field('event');
        if (event !== undefined)
          events.push({ event, id: field('id'), data: field('data') ?? '', at });
      }
      for (const wake of waiting) wake();
    }
  };
  if (response.ok) {
    read().catch((error: unknown) => {
      ended = error instanceof Error ? error : new Error(String(error));
      for (const wake of waiting) wake();
    });
  }

  return {
    status: response.status,
    events: () => [...events],
    waitFor(matches, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`no matching event in ${String(timeoutMs)} ms`));
        }, timeoutMs);
        const check = () => {
          const found = events.find(matches);
          if (found === undefined && ended === undefined) return;
          clearTimeout(timer);
          waiting.delete(check);
          if (found !== undefined) resolve(found);
          else reject(ended ?? new Error('the stream ended'));
        };
        waiting.add(check);
        check();
      });
    },
    close: () => controller.abort(),
  };
}

/** The `matches` event holding an item of this match with this score. */
export function isScoreEvent(matchId: number | string, result: string) {
  return (event: StreamEvent) => {
    if (event.event !== 'matches') return false;
    const data = JSON.parse(event.data) as { matches: { id: number | string; result: string }[] };
    return data.matches.some((m) => String(m.id) === String(matchId) && m.result === result);
  };
}
