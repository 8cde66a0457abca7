/**
 * A fixed-size ring of recent measurements (milliseconds) with their percentiles: the server's own figures
 * for the back office (API latency, database query time), in memory, bounded, per instance.
 */
export class Samples {
  private readonly values: Float64Array;
  private next = 0;
  private filled = 0;
  constructor(readonly size: number) {
    this.values = new Float64Array(size);
  }
  add(ms: number): void {
    this.values[this.next] = ms;
    this.next = (this.next + 1) % this.size;
    if (this.filled < this.size) this.filled++;
  }
  get count(): number {
    return this.filled;
  }
  /** The p-th percentile (0-100, nearest rank) of the kept samples; null without any. */
  percentile(p: number): number | null {
    if (!this.filled) return null;
    const sorted = Array.from(this.values.subarray(0, this.filled)).sort((a, b) => a - b);
    const rank = Math.min(this.filled - 1, Math.max(0, Math.ceil((p / 100) * this.filled) - 1));
    return sorted[rank]!;
  }
  mean(): number | null {
    if (!this.filled) return null;
    let sum = 0;
    for (let i = 0; i < this.filled; i++) sum += this.values[i]!;
    return sum / this.filled;
  }
}

/** Durations of the database queries this process ran (sampled where the driver lets us time them). */
export const queryTimings = new Samples(2048);
