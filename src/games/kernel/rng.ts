/**
 * Seeded pseudo-random numbers whose whole state is four unsigned 32-bit integers, so it can live inside
 * a JSON game state and a replay reproduces every shuffle. Algorithm: sfc32 (PractRand-clean, tiny),
 * seeded by cyrb128 of the seed string.
 */
export type RngState = [number, number, number, number];

export function seedRng(seed: string): RngState {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < seed.length; i++) {
    const k = seed.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  const s: RngState = [(h1 ^ h2 ^ h3 ^ h4) >>> 0, (h2 ^ h1) >>> 0, (h3 ^ h1) >>> 0, (h4 ^ h1) >>> 0];
  // Discard the first outputs: sfc32's first few numbers are correlated with the seed.
  for (let i = 0; i < 12; i++) nextUint32(s);
  return s;
}

/** Advances `s` in place and returns the next unsigned 32-bit integer. */
export function nextUint32(s: RngState): number {
  const t = (((s[0] + s[1]) | 0) + s[3]) | 0;
  s[3] = (s[3] + 1) | 0;
  s[0] = s[1] ^ (s[1] >>> 9);
  s[1] = (s[2] + (s[2] << 3)) | 0;
  s[2] = (s[2] << 21) | (s[2] >>> 11);
  s[2] = (s[2] + t) | 0;
  return t >>> 0;
}

/** A uniform integer in [0, n), advancing `s` in place. Rejection sampling avoids modulo bias. */
export function nextInt(s: RngState, n: number): number {
  if (!Number.isInteger(n) || n <= 0 || n > 0x1_0000_0000) throw new RangeError(`nextInt: bad bound ${n}`);
  const limit = 0x1_0000_0000 - (0x1_0000_0000 % n);
  for (;;) {
    const x = nextUint32(s);
    if (x < limit) return x % n;
  }
}

/** Fisher–Yates shuffle of `items` in place, advancing `s`. */
export function shuffleInPlace<T>(s: RngState, items: T[]): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = nextInt(s, i + 1);
    const tmp = items[i] as T;
    items[i] = items[j] as T;
    items[j] = tmp;
  }
}
