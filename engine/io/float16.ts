/**
 * IEEE 754 binary16 ("half") bit patterns from float32 values, rounded to nearest, ties to even.
 * Arrow keeps Float16 columns as raw Uint16 bits and has no converter of its own on the write side,
 * so the Parquet encoder narrows player_id_conf here. Works on the float32 bit pattern (integer
 * arithmetic only) so a whole column converts in one tight loop without allocation per value.
 */

const F32_INF = 0x7f800000;
/** 65536 as float32 bits: the first magnitude whose half is infinite even before rounding. */
const F16_OVERFLOW = 0x47800000;
/** 2^-14 as float32 bits: the smallest normal half; below it halves are subnormal. */
const F16_MIN_NORMAL = 0x38800000;
/** Re-biases the exponent from 127 to 15 (in the float32 exponent field). */
const REBIAS = (15 - 127) << 23;

const scratchF32 = new Float32Array(1);
const scratchU32 = new Uint32Array(scratchF32.buffer);

/** Half bits of one float32 bit pattern. */
export function float32BitsToFloat16Bits(bits: number): number {
  const sign = (bits >>> 16) & 0x8000;
  const abs = bits & 0x7fffffff;
  if (abs >= F16_OVERFLOW) {
    // NaN stays a (quiet) NaN; everything else this large is infinite.
    return sign | (abs > F32_INF ? 0x7e00 : 0x7c00);
  }
  if (abs < F16_MIN_NORMAL) {
    // Subnormal half: the value in units of 2^-24, rounded half to even. The multiplication is exact
    // (a power-of-two scale of a float32 in double precision).
    scratchU32[0] = abs;
    const units = (scratchF32[0] as number) * 16777216;
    let r = Math.floor(units);
    const rest = units - r;
    if (rest > 0.5 || (rest === 0.5 && (r & 1) === 1)) r += 1;
    // r may reach 0x400, which is exactly the bit pattern of the smallest normal half.
    return sign | r;
  }
  // Normal half: drop 13 mantissa bits, adding just under half an ulp plus the kept LSB so that
  // ties go to even; a carry out of the mantissa correctly bumps the exponent (up to infinity).
  const keptLsb = (abs >>> 13) & 1;
  return sign | ((abs + REBIAS + 0xfff + keptLsb) >>> 13);
}

/** Half bits of one number (first narrowed to float32, as the columns hold it). */
export function float32ToFloat16Bits(value: number): number {
  scratchF32[0] = value;
  return float32BitsToFloat16Bits(scratchU32[0] as number);
}

/** Half bits of every value of a float32 column. */
export function float32ArrayToFloat16Bits(values: Float32Array, out = new Uint16Array(values.length)): Uint16Array {
  if (out.length < values.length) throw new Error(`float16 output holds ${out.length} values, needs ${values.length}`);
  // Float32Array offsets are always 4-byte aligned, so the same bytes can be read as uint32 bits.
  const bits = new Uint32Array(values.buffer, values.byteOffset, values.length);
  for (let i = 0; i < bits.length; i++) out[i] = float32BitsToFloat16Bits(bits[i] as number);
  return out;
}

/** The number a half bit pattern stands for (tests and diagnostics; Arrow decodes halves itself). */
export function float16BitsToNumber(half: number): number {
  const sign = half & 0x8000 ? -1 : 1;
  const exponent = (half >>> 10) & 0x1f;
  const mantissa = half & 0x3ff;
  if (exponent === 0x1f) return mantissa === 0 ? sign * Number.POSITIVE_INFINITY : Number.NaN;
  if (exponent === 0) return sign * mantissa * 2 ** -24;
  return sign * (1 + mantissa / 1024) * 2 ** (exponent - 15);
}
