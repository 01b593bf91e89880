/**
 * Before every integer field was bounded (http/validation.ts), a client could store 1e400 (Infinity) or
 * 2^63 (a rounded real) as an offset, and every read of that video failed until it was deleted. Such
 * values name no position in any video: they become null (the whole file), and an end left at or before
 * its start goes too. Token limits come from the command line, which has always parsed them; they are
 * repaired alike in case a hand-edited database holds one. 9007199254740991 is 2^53 - 1.
 */
export const sql = `
UPDATE videos SET start_offset_seconds = NULL
  WHERE typeof(start_offset_seconds) NOT IN ('integer', 'null') OR start_offset_seconds < 0 OR start_offset_seconds > 9007199254740991;
UPDATE videos SET end_offset_seconds = NULL
  WHERE typeof(end_offset_seconds) NOT IN ('integer', 'null') OR end_offset_seconds < 1 OR end_offset_seconds > 9007199254740991;
UPDATE videos SET end_offset_seconds = NULL
  WHERE end_offset_seconds IS NOT NULL AND start_offset_seconds IS NOT NULL AND end_offset_seconds <= start_offset_seconds;
UPDATE videos SET duration_seconds = NULL
  WHERE typeof(duration_seconds) = 'real' AND abs(duration_seconds) > 1e15;
UPDATE api_tokens SET rate_limit_per_minute = NULL
  WHERE typeof(rate_limit_per_minute) NOT IN ('integer', 'null') OR rate_limit_per_minute < 1 OR rate_limit_per_minute > 9007199254740991;
UPDATE api_tokens SET tracking_downloads_per_hour = NULL
  WHERE typeof(tracking_downloads_per_hour) NOT IN ('integer', 'null') OR tracking_downloads_per_hour < 1 OR tracking_downloads_per_hour > 9007199254740991;
`;
