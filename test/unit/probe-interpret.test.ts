import { describe, expect, it } from 'vitest';
import { interpretProbe, summarizeStderr, ProbeError } from '../../engine/io/probe.js';
import { analysisGeometry } from '../../main/service/store/stored-probe.js';
import { formatClock } from '../../engine/io/decode-check.js';

const base = {
  streams: [{ codec_type: 'video', codec_name: 'h264', width: 1920, height: 1080, avg_frame_rate: '25/1', nb_frames: '250' }],
  format: { format_name: 'mov,mp4', duration: '10.000', bit_rate: '5000000' },
};

describe('interpretProbe', () => {
  it('reads the properties of a video', () => {
    expect(interpretProbe(base)).toEqual({
      container: 'mov,mp4', video_codec: 'h264', width: 1920, height: 1080, fps: 25, duration_seconds: 10,
      frame_count: 250, bit_rate: 5000000, rotation: 0, has_audio: false,
    });
  });

  it('handles NTSC rates and falls back to r_frame_rate', () => {
    expect(interpretProbe({ ...base, streams: [{ ...base.streams[0], avg_frame_rate: '30000/1001' }] }).fps).toBe(29.97);
    expect(interpretProbe({ ...base, streams: [{ ...base.streams[0], avg_frame_rate: '0/0', r_frame_rate: '50/1' }] }).fps).toBe(50);
  });

  it('refuses audio, cover art, frameless and durationless streams with reasons', () => {
    expect(() => interpretProbe({ streams: [{ codec_type: 'audio' }], format: {} })).toThrow(new ProbeError('not a video: no video stream found (streams: audio)'));
    expect(() => interpretProbe({ streams: [{ codec_type: 'video', width: 500, height: 500, avg_frame_rate: '1/1', disposition: { attached_pic: 1 } }, { codec_type: 'audio' }], format: { duration: '3' } })).toThrow(/no video stream/);
    expect(() => interpretProbe({ streams: [{ codec_type: 'video', avg_frame_rate: '25/1' }], format: { duration: '3' } })).toThrow(/no frame size/);
    expect(() => interpretProbe({ ...base, format: { format_name: 'x' }, streams: [{ ...base.streams[0] }] })).toThrow(/no measurable duration/);
  });

  it('normalises rotation from tags or side data', () => {
    expect(interpretProbe({ ...base, streams: [{ ...base.streams[0], tags: { rotate: '90' } }] }).rotation).toBe(90);
    expect(interpretProbe({ ...base, streams: [{ ...base.streams[0], side_data_list: [{ rotation: -90 }] }] }).rotation).toBe(270);
  });

  it('strips ffprobe decorations from its complaints', () => {
    expect(summarizeStderr('[mov,mp4 @ 0x55aa] moov atom not found\n/x/y.mp4: Invalid data found\n', '/x/y.mp4'))
      .toBe('moov atom not found; Invalid data found');
  });
});

describe('analysisGeometry', () => {
  const probe = interpretProbe(base);
  it('keeps 1080p and below as they are, at 25 FPS', () => {
    expect(analysisGeometry({ ...probe, width: 1280, height: 720, fps: 50 })).toEqual({ fps: 25, width: 1280, height: 720 });
  });
  it('downscales larger frames to 1080 lines, even width', () => {
    expect(analysisGeometry({ ...probe, width: 3840, height: 2160 })).toEqual({ fps: 25, width: 1920, height: 1080 });
    expect(analysisGeometry({ ...probe, width: 3072, height: 1728 })).toEqual({ fps: 25, width: 1920, height: 1080 });
    expect(analysisGeometry({ ...probe, width: 2000, height: 1500 })).toEqual({ fps: 25, width: 1440, height: 1080 });
  });
  it('accounts for rotation (portrait phone footage)', () => {
    expect(analysisGeometry({ ...probe, width: 1920, height: 1080, rotation: 90 })).toEqual({ fps: 25, width: 608, height: 1080 });
  });
});

describe('formatClock', () => {
  it('writes hh:mm:ss', () => {
    expect(formatClock(0)).toBe('00:00:00');
    expect(formatClock(3725.9)).toBe('01:02:05');
  });
});
