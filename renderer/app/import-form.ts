/** The import form's fields as typed, and the POST /videos body they make (pure, tested). */
export interface ImportFields {
  source: string;
  title: string;
  home: string;
  away: string;
  date: string;
  start: string;
  end: string;
  leftStart: '' | 'home' | 'away';
}

export const EMPTY_IMPORT: ImportFields = { source: '', title: '', home: '', away: '', date: '', start: '', end: '', leftStart: '' };

/** `90`, `1:30` or `1:02:03` -> seconds; '' -> null; anything else -> NaN. */
export function parseClock(text: string): number | null {
  const s = text.trim();
  if (!s) return null;
  if (!/^\d+(:\d{1,2}){0,2}$/.test(s)) return NaN;
  return s.split(':').reduce((acc, part) => acc * 60 + Number(part), 0);
}

export type FieldError = { field: keyof ImportFields; problem: 'required' | 'clock' | 'order' };

/** The body for POST /videos, or what is wrong with the fields (the service checks everything again). */
export function importBody(f: ImportFields): { body: Record<string, unknown> } | { errors: FieldError[] } {
  const errors: FieldError[] = [];
  if (!f.source.trim()) errors.push({ field: 'source', problem: 'required' });
  const start = parseClock(f.start);
  const end = parseClock(f.end);
  if (Number.isNaN(start)) errors.push({ field: 'start', problem: 'clock' });
  if (Number.isNaN(end)) errors.push({ field: 'end', problem: 'clock' });
  if (start !== null && end !== null && !Number.isNaN(start) && !Number.isNaN(end) && end <= start) errors.push({ field: 'end', problem: 'order' });
  if (errors.length) return { errors };
  const body: Record<string, unknown> = { video_file_url: f.source.trim() };
  if (f.title.trim()) body.title = f.title.trim();
  if (f.home.trim()) body.home_team_name = f.home.trim();
  if (f.away.trim()) body.away_team_name = f.away.trim();
  if (f.date) body.date = f.date;
  if (start !== null) body.start_offset_seconds = start;
  if (end !== null) body.end_offset_seconds = end;
  if (f.leftStart) body.left_start_team = f.leftStart;
  return { body };
}
