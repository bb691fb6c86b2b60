import type { LeagueEntry } from '../../src/domain/league.ts';

/**
 * A sixth league, as an operator adds one: a registry entry (and its data). Tests seed it to show
 * that nothing else in Touchline names the five.
 */
export const EREDIVISIE: LeagueEntry = {
  slug: 'eredivisie',
  name: 'Eredivisie',
  country: 'Netherlands',
  flag: 'nl',
  division: 'N1',
  footballDataCode: 'DED',
  apiFootballId: 88,
  besoccer: { id: 9, name: 'Eredivisie' },
  oddsApiSportKey: 'soccer_netherlands_eredivisie',
  marketOrder: 6,
  newsNames: ['Eredivisie'],
  newsFeeds: [],
  places: [{ from: '2005-2006', championsLeague: 2, relegation: 1, relegationPlayoff: 2 }],
};
