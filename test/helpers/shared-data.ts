import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** `../shared/data` beside the repository: benchmarks and opt-in tests read it when present and skip when not. */
export const SHARED_DATA = fileURLToPath(new URL('../../../shared/data', import.meta.url));

export const METRICA_GAME_1 = `${SHARED_DATA}/metrica/Sample_Game_1/Sample_Game_1_RawEventsData.csv`;
export const METRICA_GAME_3_JSON = `${SHARED_DATA}/metrica/excerpts/Sample_Game_3_events_first40.json`;
export const METRICA_GAME_3_XML = `${SHARED_DATA}/metrica/excerpts/Sample_Game_3_metadata.xml`;

export const hasSharedData = (...files: string[]): boolean => files.every((f) => existsSync(f));
export const readShared = (file: string): string => readFileSync(file, 'utf8');
