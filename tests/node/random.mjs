// A seeded PRNG (sfc32) so a failing random case reproduces: every suite prints its seed and
// SR_TEST_SEED=<n> replays it.
export function seedFromEnv(fallback) {
  const s = process.env.SR_TEST_SEED;
  return s === undefined ? fallback : Number(s);
}

export class Random {
  constructor(seed) {
    this.seed = seed >>> 0;
    this.a = 0x9e3779b9;
    this.b = 0x243f6a88;
    this.c = 0xb7e15162;
    this.d = this.seed;
    for (let i = 0; i < 15; i++) this.next();
  }

  // Next 32-bit unsigned value.
  next() {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  int(maxExclusive) {
    return Math.floor((this.next() / 2 ** 32) * maxExclusive);
  }

  range(min, maxInclusive) {
    return min + this.int(maxInclusive - min + 1);
  }

  bool(pTrue = 0.5) {
    return this.next() / 2 ** 32 < pTrue;
  }

  pick(items) {
    return items[this.int(items.length)];
  }

  bytes(n) {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) out[i] = this.next() & 0xff;
    return out;
  }

  hex(n) {
    return '0x' + Buffer.from(this.bytes(n)).toString('hex');
  }

  // A bigint of `bits` random bits, biased towards edge values (0, 1, max) a tenth of the time.
  bigint(bits) {
    const roll = this.int(10);
    const max = (1n << BigInt(bits)) - 1n;
    if (roll === 0) return this.pick([0n, 1n, max]);
    let v = 0n;
    for (let i = 0; i < bits; i += 32) v = (v << 32n) | BigInt(this.next());
    return v & (this.bool() ? max : max >> BigInt(this.int(bits)));
  }
}
