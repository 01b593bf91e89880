export type Lang = 'en' | 'nl';

const en = {
  library: 'Library',
  search: 'Search videos',
  sortBy: 'Sort by',
  sortNewest: 'Newest first',
  sortOldest: 'Oldest first',
  sortTitle: 'Title',
  sortDuration: 'Duration',
  title: 'Title',
  teams: 'Teams',
  duration: 'Duration',
  status: 'Status',
  added: 'Added',
  actions: 'Actions',
  delete: 'Delete',
  cancel: 'Cancel',
  confirmDelete: (title: string) => `Delete “${title}”?`,
  confirmDeleteHint: 'Its analyses and results are removed for good. A video file on this computer is kept.',
  deleting: 'Deleting…',
  loading: 'Loading the library…',
  empty: 'No videos yet',
  emptyHint: 'Register a match video through the API (POST /v1/videos) or the import screen, and it appears here.',
  noMatches: (q: string) => `No video matches “${q}”.`,
  error: 'The library could not be loaded.',
  retry: 'Try again',
  count: (n: number) => (n === 1 ? '1 video' : `${n} videos`),
  statuses: {
    init: 'Registered', downloading: 'Downloading', locally_available: 'Preparing', available: 'Ready', error: 'Failed', no_match_detected: 'No match found',
  } as Record<string, string>,
  analysis: {
    init: 'Queued', waiting_for_video: 'Waiting for the video', waiting_for_meta: 'Reading the kits', running: 'Analysing', done: 'Analysed',
    error: 'Analysis failed', ignored: 'Not analysed', no_match_detected: 'No match found', needs_attention: 'Needs attention',
  } as Record<string, string>,
};

export type Strings = typeof en;

const nl: Strings = {
  library: 'Bibliotheek',
  search: 'Zoek video’s',
  sortBy: 'Sorteer op',
  sortNewest: 'Nieuwste eerst',
  sortOldest: 'Oudste eerst',
  sortTitle: 'Titel',
  sortDuration: 'Duur',
  title: 'Titel',
  teams: 'Teams',
  duration: 'Duur',
  status: 'Status',
  added: 'Toegevoegd',
  actions: 'Acties',
  delete: 'Verwijderen',
  cancel: 'Annuleren',
  confirmDelete: (title) => `“${title}” verwijderen?`,
  confirmDeleteHint: 'De analyses en resultaten verdwijnen definitief. Een videobestand op deze computer blijft staan.',
  deleting: 'Verwijderen…',
  loading: 'De bibliotheek wordt geladen…',
  empty: 'Nog geen video’s',
  emptyHint: 'Registreer een wedstrijdvideo via de API (POST /v1/videos) of het importscherm; hij verschijnt dan hier.',
  noMatches: (q) => `Geen video past bij “${q}”.`,
  error: 'De bibliotheek kon niet worden geladen.',
  retry: 'Opnieuw proberen',
  count: (n) => (n === 1 ? '1 video' : `${n} video’s`),
  statuses: {
    init: 'Geregistreerd', downloading: 'Downloaden', locally_available: 'Voorbereiden', available: 'Klaar', error: 'Mislukt', no_match_detected: 'Geen wedstrijd gevonden',
  },
  analysis: {
    init: 'In de wachtrij', waiting_for_video: 'Wacht op de video', waiting_for_meta: 'Tenues lezen', running: 'Analyseren', done: 'Geanalyseerd',
    error: 'Analyse mislukt', ignored: 'Niet geanalyseerd', no_match_detected: 'Geen wedstrijd gevonden', needs_attention: 'Aandacht nodig',
  },
};

export const STRINGS: Record<Lang, Strings> = { en, nl };
