import * as z from 'zod/mini';

export const TransferPlayerSchema = z.object({
  id: z.union([z.string(), z.number()]),
  name: z.string(),
  image: z.string(),
  flag: z.string(),
  /** The club on the other side of the move. */
  team: z.string(),
  /** transfer | loan | free | end of loan | rumour */
  type: z.string(),
  /** Fee in millions of euros as text; '' when unknown, '0' when none. */
  valor: z.string(),
  source: z.optional(z.string()),
  link: z.optional(z.string()),
});
export type TransferPlayer = z.infer<typeof TransferPlayerSchema>;

export const TransferTeamSchema = z.object({
  id: z.union([z.string(), z.number()]),
  name: z.string(),
  shield: z.string(),
  league_alias: z.string(),
  arrivals: z.array(TransferPlayerSchema),
  departures: z.array(TransferPlayerSchema),
  rumors: z.array(TransferPlayerSchema),
});
export type TransferTeam = z.infer<typeof TransferTeamSchema>;
