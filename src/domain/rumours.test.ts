import { describe, expect, it } from 'vitest';

import { collectRumours, extractRumour, type RumourArticle, type RumourClub } from './rumours.ts';

const CLUBS: RumourClub[] = [
  { name: 'Chelsea', aliases: ['Chelsea FC'] },
  { name: 'Arsenal', aliases: ['Arsenal FC'] },
  { name: 'Liverpool' },
  { name: 'Manchester United', aliases: ['Man United'] },
  { name: 'Manchester City', aliases: ['Man City'] },
  { name: 'Newcastle United', aliases: ['Newcastle'] },
  { name: 'Tottenham Hotspur', aliases: ['Tottenham'] },
  { name: 'Brighton & Hove Albion', aliases: ['Brighton'] },
  { name: 'Real Madrid' },
  { name: 'Atlético Madrid', aliases: ['Atletico Madrid', 'Atlético de Madrid'] },
  { name: 'Bayern Munich', aliases: ['Bayern München'] },
  { name: 'Inter', aliases: ['Inter Milan'] },
  { name: 'Paris Saint-Germain', aliases: ['Paris SG', 'Paris Saint Germain'] },
];

describe('extractRumour', () => {
  it.each([
    // The demo feeds' own wording.
    ['Enzo Fernández linked with Chelsea move', 'Enzo Fernández', 'Chelsea'],
    ['Chelsea eye move for Enzo Fernández', 'Enzo Fernández', 'Chelsea'],
    ['Chelsea in talks to sign Enzo Fernández', 'Enzo Fernández', 'Chelsea'],
    ['Chelsea close to signing Enzo Fernández', 'Enzo Fernández', 'Chelsea'],
    ['Chelsea weigh bid for Enzo Fernández', 'Enzo Fernández', 'Chelsea'],
    // Gossip-column headlines in the BBC's and the Guardian's manner.
    ['Arsenal want Declan Rice and Moisés Caicedo', 'Declan Rice', 'Arsenal'],
    ['Real Madrid target Jude Bellingham as Modric successor', 'Jude Bellingham', 'Real Madrid'],
    ['Bayern Munich set to sign Harry Kane - gossip', 'Harry Kane', 'Bayern Munich'],
    ['Declan Rice could join Arsenal in £105m deal', 'Declan Rice', 'Arsenal'],
    [
      'Manchester United make bid for Benfica’s Gonçalo Ramos',
      'Gonçalo Ramos',
      'Manchester United',
    ],
    [
      'Newcastle eye move for Brighton midfielder Alexis Mac Allister',
      'Alexis Mac Allister',
      'Newcastle United',
    ],
    ['Arsenal in talks with Shakhtar Donetsk over Mykhailo Mudryk', 'Mykhailo Mudryk', 'Arsenal'],
    [
      'Paris Saint-Germain interested in Man United’s Marcus Rashford',
      'Marcus Rashford',
      'Paris Saint-Germain',
    ],
    ['Football transfer rumours: Chelsea to make Enzo Fernández bid?', 'Enzo Fernández', 'Chelsea'],
    ['Transfer news LIVE: Liverpool eyeing Moisés Caicedo', 'Moisés Caicedo', 'Liverpool'],
    ['Tottenham target Inter Milan’s Denzel Dumfries', 'Denzel Dumfries', 'Tottenham Hotspur'],
    ['Liverpool Close To Signing Cody Gakpo', 'Cody Gakpo', 'Liverpool'],
    ["Chelsea 'in talks' for Benoît Badiashile", 'Benoît Badiashile', 'Chelsea'],
    ['Virgil van Dijk linked with Real Madrid', 'Virgil van Dijk', 'Real Madrid'],
    [
      'Frenkie de Jong has been linked with a move to Manchester United',
      'Frenkie de Jong',
      'Manchester United',
    ],
    [
      'Atletico Madrid keen on Shakhtar Donetsk winger Mykhailo Mudryk',
      'Mykhailo Mudryk',
      'Atlético Madrid',
    ],
    ['João Félix rumoured to join Chelsea on loan', 'João Félix', 'Chelsea'],
    ['Man City wants Josko Gvardiol', 'Josko Gvardiol', 'Manchester City'],
  ])('%j: %s to %s', (title, playerName, club) => {
    expect(extractRumour({ title, summary: '' }, CLUBS)).toEqual({ player: playerName, club });
  });

  it('reads the summary when the headline is no rumour', () => {
    expect(
      extractRumour(
        {
          title: 'Gossip column: Monday’s papers',
          summary: 'Chelsea are in talks to sign Enzo Fernández from Benfica. More to follow.',
        },
        CLUBS,
      ),
    ).toEqual({ player: 'Enzo Fernández', club: 'Chelsea' });
  });

  it.each([
    ['a result', 'Chelsea 2-0 Arsenal: Enzo Fernández scores on debut'],
    ['a manager talking', 'Mikel Arteta wants Arsenal to keep calm in title race'],
    ['no player', 'Arsenal eye top spot after win over Chelsea'],
    ['a club outside the list', 'Benfica want Enzo Fernández to stay'],
    ['a player a club keeps', 'Manchester City want Erling Haaland to stay'],
    ['a manager, not a player', 'Chelsea interested in Brighton boss Graham Potter'],
    ['a completed move', 'Manchester City complete signing of Erling Haaland'],
    ['a round-up', 'Transfer rumours roundup: all the latest gossip'],
    ['surnames only (BBC gossip)', 'Chelsea eye Fernandez, Arsenal want Rice - gossip'],
    ['competitions', 'Premier League clubs target Champions League spots'],
    ['no club', 'Enzo Fernández linked with a move away'],
    ['a fee talk with no player', 'Arsenal in talks with Shakhtar Donetsk over fee'],
    ['an award', 'Real Madrid’s Jude Bellingham wins Golden Boy'],
    ['a club and a player in different clauses', 'Chelsea are interested, says Enzo Fernández'],
    ['a question without wording', 'Can Jude Bellingham lift Real Madrid?'],
    ['a single capitalised word', 'Chelsea want Casemiro'],
    ['four capitalised words in a row', 'Chelsea Want Enzo Jeremías Fernández Mudryk'],
    ['empty text', ''],
  ])('finds nothing in %s', (_, title) => {
    expect(extractRumour({ title, summary: '' }, CLUBS)).toBeNull();
  });

  it('finds nothing without clubs to look for', () => {
    expect(extractRumour({ title: 'Chelsea want Enzo Fernández', summary: '' }, [])).toBeNull();
  });
});

const article = (id: number, title: string, hoursAgo: number): RumourArticle => ({
  id,
  title,
  summary: null,
  sourceName: 'Touchline',
  link: `https://news.example/${id}`,
  publishedAt: new Date(Date.UTC(2026, 10, 21, 15) - hoursAgo * 3_600_000),
});

describe('collectRumours', () => {
  it('lists each club’s rumours newest first, once per player, as rumour entries', () => {
    const rumours = collectRumours(
      [
        article(1, 'Enzo Fernández linked with Chelsea move', 5),
        article(2, 'Chelsea close to signing Enzo Fernandez', 1),
        article(3, 'Chelsea want Mykhailo Mudryk', 3),
        article(4, 'Arsenal want Mykhailo Mudryk', 4),
        article(5, 'Chelsea 2-0 Arsenal', 0),
      ],
      () => CLUBS,
    );
    expect([...rumours.keys()]).toEqual(['Chelsea', 'Arsenal']);
    expect(rumours.get('Chelsea')).toEqual([
      {
        id: 'news-2',
        name: 'Enzo Fernandez',
        image: '/img/player/news-2.svg',
        flag: '',
        team: 'Touchline',
        type: 'rumour',
        valor: '',
        source: 'Touchline',
        link: 'https://news.example/2',
      },
      expect.objectContaining({ id: 'news-3', name: 'Mykhailo Mudryk' }),
    ]);
    expect(rumours.get('Arsenal')?.map((r) => r.id)).toEqual(['news-4']);
  });

  it('looks only for the clubs an article may be about', () => {
    const rumours = collectRumours([article(1, 'Chelsea want Mykhailo Mudryk', 1)], () => [
      { name: 'Arsenal' },
    ]);
    expect(rumours.size).toBe(0);
  });
});
