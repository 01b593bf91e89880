export type Lang = 'en' | 'nl';

const en = {
  title: 'Confirm the teams',
  loading: 'Looking at the match video…',
  loadingHint: 'Finding the two team kits. This usually takes a few seconds.',
  namesHint: 'Correct the names if you like. A blank field keeps the stored name.',
  homeTeam: 'Home team',
  awayTeam: 'Away team',
  question: 'Which kit does the home team wear?',
  kit: (letter: string) => `Kit ${letter}`,
  shirt: 'Shirt',
  shorts: 'Shorts',
  socks: 'Socks',
  home: 'Home',
  away: 'Away',
  confirm: 'Confirm',
  saving: 'Saving…',
  confirmed: 'Thank you, the teams are confirmed.',
  confirmedDetail: (home: string, kit: string) => `${home} play in ${kit}.`,
  expired: 'This link has expired.',
  expiredHint: 'Close this window and open the team confirmation again.',
  invalid: 'This link is not valid.',
  invalidHint: 'It may have been copied incompletely, or its video was deleted.',
  unavailable: 'The team kits could not be found in this video.',
  unavailableHint: 'Is it match footage from a camera that shows the pitch? The teams can still be set in the match settings.',
  failed: 'Something went wrong.',
  retry: 'Try again',
  photoOf: (kit: string) => `A player in ${kit}`,
};

export type Strings = typeof en;

const nl: Strings = {
  title: 'Bevestig de teams',
  loading: 'De wedstrijdbeelden worden bekeken…',
  loadingHint: 'De twee tenues worden gezocht. Dit duurt meestal een paar seconden.',
  namesHint: 'Pas de namen aan als je wilt. Een leeg veld houdt de opgeslagen naam.',
  homeTeam: 'Thuisploeg',
  awayTeam: 'Uitploeg',
  question: 'Welk tenue draagt de thuisploeg?',
  kit: (letter) => `Tenue ${letter}`,
  shirt: 'Shirt',
  shorts: 'Broek',
  socks: 'Kousen',
  home: 'Thuis',
  away: 'Uit',
  confirm: 'Bevestigen',
  saving: 'Opslaan…',
  confirmed: 'Bedankt, de teams zijn bevestigd.',
  confirmedDetail: (home, kit) => `${home} speelt in ${kit}.`,
  expired: 'Deze link is verlopen.',
  expiredHint: 'Sluit dit venster en open de teambevestiging opnieuw.',
  invalid: 'Deze link is ongeldig.',
  invalidHint: 'Misschien is hij niet volledig gekopieerd, of is de video verwijderd.',
  unavailable: 'De tenues konden in deze video niet worden gevonden.',
  unavailableHint: 'Zijn het wedstrijdbeelden van een camera die het veld laat zien? De teams kunnen nog steeds bij de wedstrijdinstellingen worden ingesteld.',
  failed: 'Er ging iets mis.',
  retry: 'Opnieuw proberen',
  photoOf: (kit) => `Een speler in ${kit}`,
};

export const STRINGS: Record<Lang, Strings> = { en, nl };

/** The palette's colour names (engine/vision/teams/colour-names.ts) in Dutch; English is the API's own. */
const COLOURS_NL: Record<string, string> = {
  white: 'wit', 'light grey': 'lichtgrijs', grey: 'grijs', charcoal: 'antraciet', black: 'zwart', navy: 'marineblauw',
  blue: 'blauw', 'sky blue': 'hemelsblauw', teal: 'blauwgroen', green: 'groen', 'dark green': 'donkergroen', lime: 'limoengroen',
  yellow: 'geel', orange: 'oranje', red: 'rood', claret: 'bordeauxrood', pink: 'roze', purple: 'paars', brown: 'bruin', unknown: 'onbekend',
};

export function colourWord(name: string, lang: Lang): string {
  return lang === 'nl' ? COLOURS_NL[name] ?? name : name;
}
