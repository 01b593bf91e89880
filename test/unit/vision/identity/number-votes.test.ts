import { describe, expect, it } from 'vitest';
import { NumberVotes, voteConfidence } from '../../../../engine/vision/identity/number-votes.js';
import { decodeJerseyLogits, READ_THRESHOLD } from '../../../../engine/vision/identity/jersey-reader.js';
import { cropJersey, jerseyRegion, JERSEY_SIZE } from '../../../../engine/vision/identity/jersey-crop.js';

const read = (number: number | null, confidence = 0.9) => ({ number, confidence, legible: 0.95 });

describe('number votes per track', () => {
  it('names a track after repeated confident readings and ignores unsure ones', () => {
    const v = new NumberVotes();
    v.add(1, read(18));
    v.add(1, read(18));
    expect(v.decide(1)).toBeNull(); // two readings are not enough
    v.add(1, read(null, 0.2));
    v.add(1, read(18));
    v.add(1, read(16, 0.7)); // a fold, read unsure: no vote
    const d = v.decide(1);
    expect(d?.number).toBe(18);
    expect(d?.votes).toBe(3);
    expect(d?.confidence).toBeGreaterThan(0.3);
    expect(d?.confidence).toBeLessThan(1);
    expect(v.decide(2)).toBeNull();
  });

  it('leaves a track that saw two numbers equally often unnamed', () => {
    const v = new NumberVotes();
    for (let k = 0; k < 5; k++) { v.add(3, read(7)); v.add(3, read(9)); }
    expect(v.decide(3)).toBeNull();
    for (let k = 0; k < 20; k++) v.add(3, read(7));
    expect(v.decide(3)?.number).toBe(7);
  });

  it('names a track after the number it read most, when that is half the evidence or more (a reader\'s 16/18 confusion)', () => {
    const v = new NumberVotes();
    for (let k = 0; k < 6; k++) v.add(4, read(16));
    for (let k = 0; k < 4; k++) v.add(4, read(18));
    expect(v.decide(4)?.number).toBe(16);
    for (let k = 0; k < 3; k++) v.add(4, read(8));
    expect(v.decide(4)).toBeNull(); // 6 of 13: no longer half
  });
});

describe('vote confidence', () => {
  it('counts the amount of evidence, not only its purity: 211 readings of 19 and 6 of others beat 14 clean ones', () => {
    const long = new NumberVotes();
    for (let k = 0; k < 211; k++) long.add(1, read(19, 0.97));
    for (let k = 0; k < 6; k++) long.add(1, read(k < 2 ? 17 : 10, 0.95));
    const short = new NumberVotes();
    for (let k = 0; k < 14; k++) short.add(2, read(19, 0.97));
    expect(long.decide(1)?.confidence).toBeGreaterThan(short.decide(2)?.confidence as number);
    expect(voteConfidence(2.7, 2.7, 3)).toBeCloseTo((2.7 / 3.7) * (1 - Math.exp(-1)), 6);
  });
});

describe('reading the logits', () => {
  const logits = (legible: number, tens: number, units: number, strength = 8) => {
    const z = new Float32Array(23);
    z[legible] = strength;
    z[2 + tens] = strength;
    z[13 + units] = strength;
    return z;
  };
  it('reads one- and two-digit numbers and abstains when unsure or illegible', () => {
    expect(decodeJerseyLogits(logits(1, 10, 7)).number).toBe(7);
    expect(decodeJerseyLogits(logits(1, 2, 3)).number).toBe(23);
    expect(decodeJerseyLogits(logits(0, 2, 3)).number).toBeNull();
    const unsure = decodeJerseyLogits(logits(1, 2, 3, 1));
    expect(unsure.confidence).toBeLessThan(READ_THRESHOLD);
    expect(unsure.number).toBeNull();
    // "0" and "00" are not shirt numbers.
    expect(decodeJerseyLogits(logits(1, 10, 0)).number).toBeNull();
  });
});

describe('jersey crop', () => {
  it('takes the torso of a box, as wide as 45% of its height, whatever the box width', () => {
    expect(jerseyRegion([100, 200, 140, 300])).toEqual([120 - 22.5, 212, 45, 42]);
    const w = 200;
    const h = 200;
    const rgb = new Uint8Array(w * h * 3);
    // A red torso between rows 112 and 154 around x = 100.
    for (let y = 112; y < 154; y++) for (let x = 78; x < 122; x++) rgb[(y * w + x) * 3] = 255;
    const crop = cropJersey(rgb, w, h, [60, 100, 140, 200]);
    expect(crop.length).toBe(JERSEY_SIZE * JERSEY_SIZE * 3);
    const centre = ((JERSEY_SIZE / 2) * JERSEY_SIZE + JERSEY_SIZE / 2) * 3;
    expect(crop[centre]).toBe(255);
    expect(crop[centre + 1]).toBe(0);
  });
});
