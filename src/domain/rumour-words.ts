// The words a rumour headline is read with: the phrases that tie a club to a player, and the
// words that may stand between them or say that a capitalised word is no player's name.

const phrases = (list: string[]) => list.map((p) => p.split(' '));

/** The club, then the phrase, then the player: "Chelsea close to signing Enzo Fernández". */
export const CLUB_FIRST = phrases([
  'linked with',
  'eye',
  'eyes',
  'eyeing',
  'target',
  'targets',
  'targeting',
  'set to sign',
  'close to signing',
  'closing in on',
  'close in on',
  'closes in on',
  'in talks',
  'bid for',
  'want',
  'wants',
  'interested in',
  'keen on',
  'move for',
  'swoop for',
  'offer for',
]);
/** The player, then the phrase, then the club: "Enzo Fernández linked with Chelsea move". */
export const PLAYER_FIRST = phrases([
  'linked with',
  'linked to',
  'could join',
  'could move to',
  'set to join',
  'set for',
  'close to',
  'close to joining',
  'closing in on',
  'nears',
  'edges closer to',
  'in talks with',
  'wanted by',
  'targeted by',
  'eyed by',
  'a target for',
  'rumoured',
  'rumored',
  'rumoured to join',
]);
/** The club, a verb, the player, the noun: "Chelsea to make Enzo Fernández bid". */
export const NOUNS = phrases(['bid', 'move', 'swoop', 'offer', 'approach']);
export const NOUN_VERBS = new Set(
  (
    'make makes making launch launches plot plots plotting plan plans planning consider considers ' +
    'considering prepare prepares preparing table tables submit submits lodge lodges mull mulls ' +
    'weigh weighs step steps up ready readies open opens'
  ).split(' '),
);
export const NOUN_FILLERS = new Set([
  'to',
  'a',
  'an',
  'fresh',
  'new',
  'second',
  'improved',
  'record',
]);
/** Words that may stand between the phrase and the player ("eye move for …"). */
export const FILLERS = new Set(
  (
    'a an the move for to sign signing deal swoop bid of over with on about shock surprise ' +
    'january summer loan new fresh late possible permanent potential record reported are is'
  ).split(' '),
);
/** Words between a player and a phrase after him: "Enzo Fernández has been linked with …". */
export const PLAYER_GAP = new Set(
  'has have been is being was reportedly now also strongly heavily'.split(' '),
);
/** Words between a phrase and the club after it: "… linked with a move to Chelsea". */
export const CLUB_GAP = new Set(
  'a an the move to with be joining join switch possible january summer'.split(' '),
);
/** What a capitalised group before a player says he is: "Benfica midfielder Enzo Fernández". */
export const ROLES = new Set(
  (
    'midfielder winger striker forward attacker defender full-back centre-back center-back ' +
    'wing-back goalkeeper keeper playmaker star youngster teenager talent wonderkid international ' +
    'captain ace hitman prodigy sensation'
  ).split(' '),
);
/** A coach or an official is not a player: "Chelsea want Brighton boss Graham Potter". */
export const STAFF = new Set(
  'boss manager coach head director chairman owner president'.split(' '),
);
/** Said of a player a club keeps, not one it buys. */
export const STAYING = new Set('stay remain extension renew renewal'.split(' '));
export const PARTICLES = new Set(
  'de da di do dos das del della van von der den ter ten le la el bin ben al'.split(' '),
);
export const NOT_NAMES = new Set(
  (
    'the a an transfer transfers news gossip rumour rumours rumor rumors live latest football ' +
    'premier league liga serie bundesliga ligue champions europa conference cup fa title ' +
    'january february march april may june july august september october november december ' +
    'summer winter window deadline day monday tuesday wednesday thursday friday saturday sunday ' +
    'exclusive report reports breaking update official confirmed sources sport why how what who ' +
    'when where is are will could would should can did does do has have after before as in on ' +
    'at for with from to and but or not no he she they his her their it i you my our your we ' +
    'here go done deal player players club clubs fans side ' +
    [...ROLES, ...STAFF, ...FILLERS, ...NOUN_VERBS, ...PLAYER_GAP, ...CLUB_GAP].join(' ') +
    ' ' +
    [...CLUB_FIRST, ...PLAYER_FIRST, ...NOUNS].flat().join(' ')
  ).split(' '),
);
