import { describe, expect, it } from 'vitest';
import { EMPTY_IMPORT, importBody, parseClock } from '../../../renderer/app/import-form.js';

describe('import form', () => {
  it('reads clock times: seconds, m:ss, h:mm:ss; blank is none; anything else is an error', () => {
    expect([parseClock('90'), parseClock('1:30'), parseClock('1:02:03'), parseClock(' '), parseClock('1:3x')]).toEqual([90, 90, 3723, null, NaN]);
  });

  it('makes the POST /videos body from what was typed, leaving out blank fields', () => {
    expect(importBody({ ...EMPTY_IMPORT, source: ' /m/a.mp4 ', title: 'Ajax - PSV', home: 'Ajax', away: '', date: '2026-05-03', start: '0:30', end: '95:00', leftStart: 'home' }))
      .toEqual({ body: { video_file_url: '/m/a.mp4', title: 'Ajax - PSV', home_team_name: 'Ajax', date: '2026-05-03', start_offset_seconds: 30, end_offset_seconds: 5700, left_start_team: 'home' } });
  });

  it('says which field is wrong: a missing source, a bad time, an end before the start', () => {
    expect(importBody(EMPTY_IMPORT)).toEqual({ errors: [{ field: 'source', problem: 'required' }] });
    expect(importBody({ ...EMPTY_IMPORT, source: 'x', start: 'soon' })).toEqual({ errors: [{ field: 'start', problem: 'clock' }] });
    expect(importBody({ ...EMPTY_IMPORT, source: 'x', start: '10:00', end: '5:00' })).toEqual({ errors: [{ field: 'end', problem: 'order' }] });
  });
});
