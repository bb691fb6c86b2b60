import { z } from 'zod';

import type { DroppedItem } from '../upstream/http.ts';
import { findHttpsUrl } from '../upstream/https-url.ts';
import type { UpstreamPlayerStat, UpstreamStanding } from '../upstream/live-source.ts';
import {
  badBody,
  describeIssue,
  describeType,
  emptyToNull,
  findBodyError,
  IdSchema,
  IntSchema,
  isRecord,
  OptionalTextSchema,
  readFlagCode,
  requireList,
  toTeam,
} from './answer.ts';

// Pure readers for BeSoccer's tables and league stats (facts: NOTES.md beside this file); match
// items are read in matches.ts. A row or entry without what Touchline needs is left out and
// reported through `drop`; only a wrong envelope refuses the whole answer.

type Drop = (item: DroppedItem) => void;

/** The items of `list` that pass `schema`; the others are reported to `drop` and left out. */
function keepValid<T>(
  list: unknown[],
  schema: z.ZodType<T>,
  options: { kind: string; root: string; idKey: string; drop: Drop | undefined },
): T[] {
  const kept: T[] = [];
  list.forEach((raw, index) => {
    const parsed = schema.safeParse(raw);
    if (parsed.success) {
      kept.push(parsed.data);
      return;
    }
    const path = `${options.root}[${index}]`;
    const id = isRecord(raw) ? IdSchema.safeParse(raw[options.idKey]) : undefined;
    options.drop?.({
      kind: options.kind,
      id: id?.success === true ? id.data : path,
      reason: describeIssue(parsed.error, path),
    });
  });
  return kept;
}

// ---------------------------------------------------------------------------------------------
// Standings

const TableRowSchema = z.object({
  id: IdSchema,
  team: z.string().trim().min(1),
  abbr: OptionalTextSchema,
  shield: OptionalTextSchema,
  pos: IntSchema,
  points: IntSchema,
  wins: IntSchema,
  draws: IntSchema,
  losses: IntSchema,
  gf: IntSchema,
  ga: IntSchema,
});

/**
 * The rows of a `req=tables` answer, by position. A row that cannot be used is reported to
 * `drop`, and the table is refused: a table short of a club would be written over the whole one
 * stored.
 */
export function parseStandings(body: unknown, drop?: Drop): UpstreamStanding[] {
  const rows = requireList(body, 'table');
  const valid = keepValid(rows, TableRowSchema, {
    kind: 'standing',
    root: 'table',
    idKey: 'id',
    drop,
  });
  if (valid.length < rows.length) {
    throw badBody(
      `table: ${rows.length - valid.length} of ${rows.length} rows unreadable; table not used`,
    );
  }
  return valid
    .map((row) => ({
      team: toTeam(row.id, row.team, row.abbr, row.shield),
      pos: row.pos,
      wins: row.wins,
      draws: row.draws,
      losses: row.losses,
      goalsFor: row.gf,
      goalsAgainst: row.ga,
      points: row.points,
    }))
    .sort((a, b) => a.pos - b.pos);
}

// ---------------------------------------------------------------------------------------------
// League stats

const StatEntrySchema = z.object({
  player_id: IdSchema,
  nick: z.string().trim().min(1),
  player_image: OptionalTextSchema,
  flag: OptionalTextSchema,
  cc: OptionalTextSchema,
  team_id: IdSchema.nullish(),
  team_name: OptionalTextSchema,
  team_shield: OptionalTextSchema,
  total: IntSchema,
});

function parseStatList(value: unknown, path: string, drop: Drop | undefined): UpstreamPlayerStat[] {
  if (!Array.isArray(value)) {
    throw badBody(
      `${path}: expected an array, got ${value === undefined ? 'nothing' : describeType(value)}`,
    );
  }
  return keepValid(value, StatEntrySchema, { kind: 'player', root: path, idKey: 'player_id', drop })
    .map((entry) => {
      const teamName = emptyToNull(entry.team_name);
      return {
        playerId: entry.player_id,
        nick: entry.nick,
        imageUrl: findHttpsUrl(entry.player_image),
        flag: readFlagCode(entry.flag, entry.cc),
        team:
          entry.team_id === null || entry.team_id === undefined || teamName === null
            ? null
            : {
                id: entry.team_id,
                name: teamName,
                shortName: null,
                logoUrl: findHttpsUrl(entry.team_shield),
              },
        total: entry.total,
      };
    })
    .sort((a, b) => b.total - a.total);
}

/** Top scorers and assisters of a `req=league_stats` answer (`asists` is BeSoccer's spelling). */
export function parseTopPlayers(
  body: unknown,
  drop?: Drop,
): {
  goals: UpstreamPlayerStat[];
  assists: UpstreamPlayerStat[];
} {
  if (!isRecord(body)) throw badBody(`answer is ${describeType(body)}, not a JSON object`);
  const stats = body.stats;
  if (!isRecord(stats)) {
    const refusal = findBodyError(body);
    if (refusal !== undefined) throw refusal;
    throw badBody(
      `stats: expected an object, got ${stats === undefined ? 'nothing' : describeType(stats)}` +
        ' (a league outside the plan answers without it)',
    );
  }
  const assistsKey =
    stats.asists === undefined && stats.assists !== undefined ? 'assists' : 'asists';
  return {
    goals: parseStatList(stats.goals, 'stats.goals', drop),
    assists: parseStatList(stats[assistsKey], `stats.${assistsKey}`, drop),
  };
}
