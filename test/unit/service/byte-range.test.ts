import { describe, expect, it } from 'vitest';
import { parseByteRange, videoMediaType } from '../../../main/service/media/byte-range.js';

describe('parseByteRange', () => {
  it('reads closed, open and suffix ranges, clamping the end to the file', () => {
    expect(parseByteRange('bytes=0-99', 1000)).toEqual({ kind: 'range', start: 0, end: 99 });
    expect(parseByteRange('bytes=900-', 1000)).toEqual({ kind: 'range', start: 900, end: 999 });
    expect(parseByteRange('bytes=900-5000', 1000)).toEqual({ kind: 'range', start: 900, end: 999 });
    expect(parseByteRange('bytes=-100', 1000)).toEqual({ kind: 'range', start: 900, end: 999 });
    expect(parseByteRange('bytes=-5000', 1000)).toEqual({ kind: 'range', start: 0, end: 999 });
  });

  it('serves the whole file for no header, several ranges or other units, and nothing past the end', () => {
    expect(parseByteRange(undefined, 1000)).toEqual({ kind: 'whole' });
    expect(parseByteRange('bytes=0-1,5-9', 1000)).toEqual({ kind: 'whole' });
    expect(parseByteRange('items=0-1', 1000)).toEqual({ kind: 'whole' });
    expect(parseByteRange('bytes=1000-', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(parseByteRange('bytes=50-10', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(parseByteRange('bytes=-0', 1000)).toEqual({ kind: 'unsatisfiable' });
  });

  it('names media types by extension', () => {
    expect(videoMediaType('/a/b/Match.MP4')).toBe('video/mp4');
    expect(videoMediaType('/a/b/match.mkv')).toBe('video/x-matroska');
    expect(videoMediaType('/a/b/match')).toBe('application/octet-stream');
  });
});
