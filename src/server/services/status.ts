import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';

import type { StatusAnswer } from '../../domain/api/admin.ts';
import { BOOKMAKERS } from '../../domain/bookmakers.ts';
import type { Db } from '../db/client.ts';
import { listProviderStatus, type ProviderStatusStats } from '../db/provider-status-queries.ts';

export type StatusDeps = {
  db: Db;
  now: () => Date;
  dataSource: 'replay' | 'live';
  /** Whether this instance runs the scheduler now. */
  isLeader: () => boolean;
  /** This instance's live update streams: open now, and dropped for not reading. */
  liveStreams?: { count: () => number; dropped: () => number };
};

const seconds = (iso: string | null) => (iso === null ? Number.NaN : Date.parse(iso) / 1000);
const BREAKER_STATES = ['closed', 'half-open', 'open'] as const;

/** The stored count is of the day it was reported; none of those calls were made today. */
const callsToday = (s: ProviderStatusStats, now: Date) =>
  s.day === now.toISOString().slice(0, 10) ? s.callsToday : 0;

/** The Prometheus registry: this process's own metrics, and the upstreams' as stored. */
function createMetricsRegistry(deps: StatusDeps) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'touchline_' });
  let rows: ProviderStatusStats[] = [];
  const gauge = (name: string, help: string, value: (s: ProviderStatusStats) => number | null) =>
    new Gauge({
      name,
      help,
      labelNames: ['provider'],
      registers: [registry],
      collect() {
        this.reset();
        for (const s of rows) {
          const v = value(s);
          if (v !== null && !Number.isNaN(v)) this.set({ provider: s.provider }, v);
        }
      },
    });
  gauge('touchline_upstream_calls_today', 'HTTP requests sent to the upstream this UTC day.', (s) =>
    callsToday(s, deps.now()),
  );
  gauge(
    'touchline_upstream_requests',
    'HTTP requests sent since the leader started.',
    (s) => s.requests,
  );
  gauge(
    'touchline_upstream_retries',
    'Requests that were attempts after a failure.',
    (s) => s.retries,
  );
  gauge(
    'touchline_upstream_failures',
    'Failed requests since the leader started.',
    (s) => s.failures,
  );
  gauge(
    'touchline_upstream_deferred',
    "Reads Touchline's own quota planning put off (not failures), since the leader started.",
    (s) => s.deferred ?? 0,
  );
  gauge(
    'touchline_upstream_items_dropped',
    'Items of good answers left out for lacking what Touchline needs, since the leader started.',
    (s) => s.itemsDropped ?? 0,
  );
  gauge(
    'touchline_upstream_credits_left',
    'Credits left as the upstream reports them.',
    (s) => s.creditsLeft,
  );
  gauge('touchline_upstream_last_success_timestamp_seconds', 'Time of the last good answer.', (s) =>
    seconds(s.lastSuccessAt),
  );
  gauge('touchline_upstream_last_error_timestamp_seconds', 'Time of the last failure.', (s) =>
    seconds(s.lastErrorAt),
  );
  new Gauge({
    name: 'touchline_upstream_breaker_state',
    help: 'Circuit breaker per upstream: 1 for its current state.',
    labelNames: ['provider', 'state'],
    registers: [registry],
    collect() {
      this.reset();
      for (const s of rows) {
        for (const state of BREAKER_STATES) {
          this.set({ provider: s.provider, state }, s.breaker === state ? 1 : 0);
        }
      }
    },
  });
  new Gauge({
    name: 'touchline_scheduler_leader',
    help: '1 when this instance runs the scheduler.',
    registers: [registry],
    collect() {
      this.set(deps.isLeader() ? 1 : 0);
    },
  });
  const { liveStreams } = deps;
  if (liveStreams !== undefined) {
    new Gauge({
      name: 'touchline_live_streams',
      help: 'Live update streams (GET /api/live) open on this instance.',
      registers: [registry],
      collect() {
        this.set(liveStreams.count());
      },
    });
    new Gauge({
      name: 'touchline_live_streams_dropped',
      help: 'Live update streams this instance dropped for not reading what it sent.',
      registers: [registry],
      collect() {
        this.set(liveStreams.dropped());
      },
    });
  }
  // Labelled by the listed bookmakers only, every other key counted as 'other': a label per key
  // a click could invent would grow the series without bound.
  const clicks = new Counter({
    name: 'touchline_affiliate_clicks_total',
    help: "'Bet now' clicks this instance recorded, by bookmaker.",
    labelNames: ['bookmaker'],
    registers: [registry],
  });
  const listed = new Set<string>(BOOKMAKERS.map((b) => b.key));
  for (const key of [...listed, 'other']) clicks.inc({ bookmaker: key }, 0);
  return {
    async render(): Promise<{ contentType: string; body: string }> {
      rows = (await listProviderStatus(deps.db)).map((r) => r.stats);
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
    countClick(bookmaker: string) {
      clicks.inc({ bookmaker: listed.has(bookmaker) ? bookmaker : 'other' });
    },
  };
}

/**
 * What the operators watch: each upstream's last success, last error, calls today, credits left,
 * breaker state and the reads Touchline's quota planning deferred (never failures), as JSON
 * (`getStatus`) and for Prometheus (`renderMetrics`).
 */
export function createStatusReport(deps: StatusDeps) {
  const metrics = createMetricsRegistry(deps);
  return {
    async getStatus(): Promise<StatusAnswer> {
      const rows = await listProviderStatus(deps.db);
      return {
        data_source: deps.dataSource,
        leader: deps.isLeader(),
        providers: rows.map(({ stats: s, updatedAt }) => ({
          provider: s.provider,
          last_success_at: s.lastSuccessAt,
          last_error_at: s.lastErrorAt,
          last_error: s.lastError,
          calls_today: callsToday(s, deps.now()),
          credits_left: s.creditsLeft,
          breaker: s.breaker,
          requests: s.requests,
          retries: s.retries,
          failures: s.failures,
          items_dropped: s.itemsDropped ?? 0,
          plan_limit: s.planLimit ?? null,
          deferred: s.deferred ?? 0,
          last_deferral: s.lastDeferral ?? null,
          reported_at: updatedAt.toISOString(),
        })),
      };
    },
    renderMetrics: metrics.render,
    /** Counts a recorded 'Bet now' click for /metrics. */
    countClick: metrics.countClick,
  };
}

export type StatusReport = ReturnType<typeof createStatusReport>;
