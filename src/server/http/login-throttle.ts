import { setTimeout as delay } from 'node:timers/promises';

import { createCounter, giveBack, take, toRetryAfter, type RedisOptions } from './counters.ts';

const MINUTE_S = 60;
const HOUR_S = 60 * MINUTE_S;
/** Failures an address may make in a minute before it must wait. */
const PER_MINUTE = 5;
/** Failures an address may make in an hour before it is blocked for an hour. */
const PER_HOUR = 20;
/**
 * Failures across all addresses in an hour (ASVS 2.2.1: one shared password is one account).
 * Past it attempts are slowed down and taken one at a time rather than refused, so guessers
 * cannot lock the fans out.
 */
const ALL_PER_HOUR = 100;
const SLOW_DOWN_MS = 1000;
/**
 * Slowed-down attempts waiting their turn in one process; one more is refused (429). Each
 * waits about a second per attempt ahead of it, well within the socket's 10 s idle timeout.
 */
const MAX_WAITING = 5;
/** Times a slowed-down attempt waits for another instance's turn to end before it gives up. */
const MAX_TURN_WAITS = 5;
/** How long a count waits on Redis before this process's own counts decide. */
const REDIS_TIMEOUT_MS = 1000;
/**
 * Attempts from one address checked at once in this process; the others wait their turn. Each
 * is counted before its check and given back when right, so with no more than this many
 * unsettled at a time a crowd of right passwords behind one address (a stadium's Wi-Fi) never
 * fills the address's five a minute, while wrong ones still do.
 */
const PER_ADDRESS_AT_ONCE = 2;
/** Attempts from one address waiting their turn in this process; one more is refused (429). */
const PER_ADDRESS_WAITING = 500;

export type LoginAttempt =
  | { outcome: 'right' | 'wrong'; alert: boolean }
  /** Not checked: the address (or everyone, when the line is full) must wait `retryAfter` s. */
  | { outcome: 'throttled'; retryAfter: number; alert: boolean };

/**
 * Counts password attempts: per client address (5 failures a minute, then wait; 20 an hour,
 * then blocked for an hour) and across all addresses (100 failures an hour, then each attempt
 * waits a second and attempts are checked one at a time). `alert` is true once an hour, on the
 * first slowed-down attempt: the moment to raise the alarm.
 */
export type LoginThrottle = {
  /**
   * Runs `check` (the password comparison) as one attempt from `address`. The attempt is
   * counted before `check` runs and given back when it returns true, so attempts sent at once
   * can never get more checks than the limits allow.
   */
  attempt: (address: string, check: () => Promise<boolean>) => Promise<LoginAttempt>;
};

/** One slowed-down attempt at a time in this process, with at most `maxWaiting` in line. */
function createTurns(maxWaiting: number) {
  let busy = false;
  const waiting: (() => void)[] = [];
  const end = () => {
    const next = waiting.shift();
    if (next === undefined) busy = false;
    else next();
  };
  return {
    /** Resolves when it is the caller's turn, with the function ending it; null: line full. */
    wait(): Promise<() => void> | null {
      if (!busy) {
        busy = true;
        return Promise.resolve(end);
      }
      if (waiting.length >= maxWaiting) return null;
      return new Promise((resolve) => waiting.push(() => resolve(end)));
    },
    get waiting() {
      return waiting.length;
    },
    get full() {
      return busy && waiting.length >= maxWaiting;
    },
  };
}

/** Per address, at most `atOnce` attempts under way, and at most `maxWaiting` in line. */
function createAddressLines(atOnce: number, maxWaiting: number) {
  const lines = new Map<string, { running: number; waiting: (() => void)[] }>();
  return {
    /** Resolves with the function ending the turn when it is the attempt's; null: line full. */
    enter(address: string): Promise<() => void> | null {
      let line = lines.get(address);
      if (line === undefined) {
        line = { running: 0, waiting: [] };
        lines.set(address, line);
      }
      const own = line;
      const leave = () => {
        const next = own.waiting.shift();
        // The turn passes straight to the next in line, or the line ends.
        if (next !== undefined) next();
        else if (--own.running === 0) lines.delete(address);
      };
      if (own.running < atOnce) {
        own.running++;
        return Promise.resolve(leave);
      }
      if (own.waiting.length >= maxWaiting) return null;
      return new Promise((resolve) => own.waiting.push(() => resolve(leave)));
    },
  };
}

/**
 * A throttle for one password. `name` is its key space ('login' for the site password,
 * 'admin' for the admin password). With `redis` the counts are shared by every instance under
 * the site's prefix; while Redis cannot be reached, each instance counts on its own.
 */
export function createLoginThrottle(
  options: {
    name?: string;
    redis?: RedisOptions;
    /** Holds a slowed-down attempt; tests pass one that only records the wait. */
    sleep?: (ms: number) => Promise<void>;
  } = {},
): LoginThrottle {
  const name = options.name ?? 'login';
  const { redis } = options;
  const store = redis && { ...redis, timeoutMs: redis.timeoutMs ?? REDIS_TIMEOUT_MS };
  const counter = (rule: string, points: number, durationS: number) =>
    createCounter({ name: `${name}:${rule}`, points, durationS }, store);
  const perMinute = counter('minute', PER_MINUTE, MINUTE_S);
  const perHour = counter('hour', PER_HOUR, HOUR_S);
  const allAddresses = counter('all', ALL_PER_HOUR, HOUR_S);
  // One alert an hour, and one slowed-down attempt a second, across all instances.
  const alerts = counter('alert', 1, HOUR_S);
  const sharedTurns = counter('turn', 1, SLOW_DOWN_MS / 1000);
  const turns = createTurns(MAX_WAITING);
  const sleep = options.sleep ?? ((ms: number) => delay(ms));
  const ALL = 'all';

  /** An address refused for the minute may be blocked for the hour too: it waits for both. */
  const getRetryAfter = async (address: string, minuteMs: number) => {
    const hour = await perHour.get(address);
    const blockedMs = hour !== null && hour.consumedPoints > PER_HOUR ? hour.msBeforeNext : 0;
    return toRetryAfter(Math.max(minuteMs, blockedMs));
  };

  /**
   * Waits for this process's turn, a second, and every instance's one-a-second turn; resolves
   * with the function ending the turn, or null when the line is full or the wait too long.
   */
  const waitTurn = async (): Promise<(() => void) | null> => {
    const turn = turns.wait();
    if (turn === null) return null;
    const end = await turn;
    try {
      await sleep(SLOW_DOWN_MS);
      for (let i = 0; i < MAX_TURN_WAITS; i++) {
        const shared = await take(sharedTurns, ALL);
        if (shared.allowed) return end;
        await sleep(Math.max(1, shared.res.msBeforeNext));
      }
    } catch (error) {
      end();
      throw error;
    }
    end();
    return null;
  };

  /** Whether the failures across addresses are past the hour's budget. */
  const isSlowedDown = async () => {
    const all = await allAddresses.get(ALL);
    return all !== null && all.consumedPoints > ALL_PER_HOUR && all.msBeforeNext > 0;
  };
  const lineRetryAfter = () => toRetryAfter((turns.waiting + 1) * SLOW_DOWN_MS);
  const addressLines = createAddressLines(PER_ADDRESS_AT_ONCE, PER_ADDRESS_WAITING);

  /** One attempt, once its address's turn has come. */
  const attemptNow: LoginThrottle['attempt'] = async (address, check) => {
    // A full line refuses at once, before anything is counted: a flood from fresh addresses
    // then leaves no count per address behind, in memory or in Redis.
    if (turns.full && (await isSlowedDown())) {
      return { outcome: 'throttled', retryAfter: lineRetryAfter(), alert: false };
    }
    const minute = await take(perMinute, address);
    if (!minute.allowed) {
      const retryAfter = await getRetryAfter(address, minute.res.msBeforeNext);
      return { outcome: 'throttled', retryAfter, alert: false };
    }
    const hour = await take(perHour, address);
    if (!hour.allowed) {
      const retryAfter = toRetryAfter(hour.res.msBeforeNext);
      return { outcome: 'throttled', retryAfter, alert: false };
    }
    const all = await take(allAddresses, ALL);
    const giveAllBack = () =>
      Promise.all([
        giveBack(perMinute, address),
        giveBack(perHour, address),
        giveBack(allAddresses, ALL),
      ]);

    let alert = false;
    let endTurn = () => {};
    if (!all.allowed) {
      alert = (await take(alerts, ALL)).allowed;
      const end = await waitTurn();
      if (end === null) {
        // Never checked, so not a failure: the counts are given back.
        await giveAllBack();
        return { outcome: 'throttled', retryAfter: lineRetryAfter(), alert };
      }
      endTurn = end;
    }

    let right: boolean;
    try {
      right = await check();
    } catch (error) {
      await giveAllBack();
      throw error;
    } finally {
      endTurn();
    }
    if (right) {
      await giveAllBack();
      return { outcome: 'right', alert };
    }
    // The hour's block runs from the 20th failure.
    if (hour.res.consumedPoints >= PER_HOUR) await perHour.block(address, HOUR_S);
    return { outcome: 'wrong', alert };
  };

  return {
    async attempt(address, check) {
      const turn = addressLines.enter(address);
      if (turn === null) return { outcome: 'throttled', retryAfter: 1, alert: false };
      const leave = await turn;
      try {
        return await attemptNow(address, check);
      } finally {
        leave();
      }
    },
  };
}
