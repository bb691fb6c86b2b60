import { describe, expect, it } from 'vitest';

import { compileLeagueTerms, guessLeagueSlug, type NewsClub } from './league-guess.ts';

/** Clubs as the database gives them: name, short name, every alias and news name (clubs.csv). */
const CLUBS: NewsClub[] = [
  ['premier-league', 'Arsenal|ARS|Arsenal FC|Gunners'],
  ['premier-league', 'Chelsea|CHE|Chelsea FC'],
  ['premier-league', 'Manchester City|MCI|Man City'],
  ['premier-league', 'Manchester United|MUN|Man United|Man Utd|Red Devils'],
  ['premier-league', 'Newcastle United|NEW|Newcastle|Magpies'],
  ['premier-league', 'Tottenham Hotspur|TOT|Tottenham|Spurs'],
  ['premier-league', 'Wolverhampton Wanderers|WOL|Wolves|Wolverhampton'],
  ['la-liga', 'Atlético Madrid|ATM|Ath Madrid|Atletico Madrid|Atlético de Madrid|Atlético|Atleti'],
  ['la-liga', 'Barcelona|BAR|FC Barcelona|Barça|Blaugrana'],
  ['la-liga', 'Real Madrid|RMA|Madrid|Los Blancos'],
  ['serie-a', 'Inter|INT|Inter Milan|Internazionale|Nerazzurri|San Siro'],
  ['serie-a', 'Juventus|JUV|Juventus FC|Juve|Bianconeri|Old Lady'],
  ['serie-a', 'Napoli|NAP|SSC Napoli|Partenopei'],
  ['bundesliga', 'Bayern Munich|BAY|Bayern|Bayern München'],
  ['bundesliga', 'Borussia Dortmund|BVB|Dortmund'],
  [
    'bundesliga',
    "Borussia Mönchengladbach|BMG|M'gladbach|Borussia M.Gladbach|Gladbach|Mönchengladbach",
  ],
  ['ligue-1', 'Lens|LEN|RC Lens'],
  ['ligue-1', 'Marseille|MAR|Olympique Marseille'],
  ['ligue-1', 'Nice|NIC|OGC Nice'],
  [
    'ligue-1',
    'Paris Saint-Germain|PSG|Paris SG|Paris Saint Germain|Paris St-Germain|Les Parisiens',
  ],
].map(([leagueSlug = '', names = '']) => ({ leagueSlug, names: names.split('|') }));
const TERMS = compileLeagueTerms(CLUBS);

describe('guessLeagueSlug', () => {
  it.each([
    ["Arteta says Arsenal 'ready' for Chelsea test", 'premier-league'],
    ['Man City held at the Etihad', 'premier-league'],
    ['Spurs and Wolves share the points', 'premier-league'],
    ['Barcelona edge Atlético in Montjuïc thriller', 'la-liga'],
    ['Real Madrid stay top of LaLiga', 'la-liga'],
    ['Barça sign a full-back', 'la-liga'],
    ['Juve held as Nerazzurri go top', 'serie-a'],
    ['Inter held by Napoli in goalless Scudetto clash', 'serie-a'],
    ['Serie A: five things we learned', 'serie-a'],
    ['Kane brace sends Bayern top as Dortmund falter', 'bundesliga'],
    ['Bayern München beat Borussia Mönchengladbach', 'bundesliga'],
    ['PSG cruise past Marseille', 'ligue-1'],
    ['Ligue 1 round-up', 'ligue-1'],
    ['Man Utd eye January move for Ligue 1 full-back', 'premier-league'],
    ['Papers: Bayern weigh up summer swoop for Serie A striker', 'bundesliga'],
  ])('classifies %j as %s', (text, slug) => {
    expect(guessLeagueSlug(text, TERMS)).toBe(slug);
  });

  it.each([
    ['Arsenal v Bayern: Champions League preview'],
    ['World Cup qualifiers: England name squad'],
    ['Inter Miami sign another veteran'],
    ['A nice day out with a new lens'],
    [''],
  ])('returns null for %j (no league or a tie)', (text) => {
    expect(guessLeagueSlug(text, TERMS)).toBeNull();
  });

  it('reads club names as they are capitalised, and league names as the registry marks them', () => {
    expect(guessLeagueSlug('NEW signing for Newcastle', TERMS)).toBe('premier-league');
    expect(guessLeagueSlug('a new signing', TERMS)).toBeNull();
    expect(guessLeagueSlug('Prem round-up', TERMS)).toBe('premier-league');
    expect(guessLeagueSlug('prem round-up', TERMS)).toBeNull();
    expect(guessLeagueSlug('premier league round-up', TERMS)).toBe('premier-league');
  });

  it.each([
    ['Der Klassiker ends level in Munich', 'bundesliga'],
    ['El Clásico: five things we learned', 'la-liga'],
    ['El Clasico preview', 'la-liga'],
    ['LaLiga fixtures confirmed', 'la-liga'],
    ['Primera Division title race', 'la-liga'],
    ['Scudetto race tightens', 'serie-a'],
    ['Calcio weekly', 'serie-a'],
    ['Ligue Un round-up', 'ligue-1'],
  ])('knows the registry news name in %j (%s)', (text, slug) => {
    expect(guessLeagueSlug(text, TERMS)).toBe(slug);
    expect(guessLeagueSlug(text, compileLeagueTerms([]))).toBe(slug);
  });

  it('knows only league names when no club is given', () => {
    const leaguesOnly = compileLeagueTerms([]);
    expect(guessLeagueSlug('Serie A: five things we learned', leaguesOnly)).toBe('serie-a');
    expect(guessLeagueSlug('Arsenal beat Chelsea', leaguesOnly)).toBeNull();
  });
});
