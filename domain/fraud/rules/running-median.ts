/** The running median the stake-spike rule compares each stake with. */

/**
 * The median of a growing list in O(log n) per value: the lower half in a max-heap, the upper half in
 * a min-heap, the lower one holding the extra value for an odd count. The same as sorting the values
 * and taking the middle one (the mean of the middle two for an even count); 0 for none.
 */
export class RunningMedian {
  private readonly lower: number[] = []; // max-heap
  private readonly upper: number[] = []; // min-heap

  get size(): number {
    return this.lower.length + this.upper.length;
  }

  add(x: number): void {
    if (this.lower.length === 0 || x <= this.lower[0]) push(this.lower, x, greater);
    else push(this.upper, x, less);
    if (this.lower.length > this.upper.length + 1) push(this.upper, pop(this.lower, greater), less);
    else if (this.upper.length > this.lower.length) push(this.lower, pop(this.upper, less), greater);
  }

  /** 0 for no values, like median(). */
  value(): number {
    if (this.lower.length === 0) return 0;
    return this.lower.length > this.upper.length ? this.lower[0] : (this.lower[0] + this.upper[0]) / 2;
  }
}

const less = (a: number, b: number) => a < b;
const greater = (a: number, b: number) => a > b;
/** Binary heap on an array; `before(a, b)`: a belongs nearer the top. */
function push(h: number[], x: number, before: (a: number, b: number) => boolean) {
  let i = h.push(x) - 1;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (!before(h[i], h[parent])) break;
    [h[i], h[parent]] = [h[parent], h[i]];
    i = parent;
  }
}
function pop(h: number[], before: (a: number, b: number) => boolean): number {
  const top = h[0];
  const last = h.pop()!;
  if (h.length > 0) {
    h[0] = last;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < h.length && before(h[l], h[m])) m = l;
      if (r < h.length && before(h[r], h[m])) m = r;
      if (m === i) break;
      [h[i], h[m]] = [h[m], h[i]];
      i = m;
    }
  }
  return top;
}
