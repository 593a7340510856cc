/**
 * A max-heap of (key, value) number pairs in typed arrays. Hand-written because the typo walk pushes thousands
 * of entries per search: typed arrays avoid an object and a comparator call per entry, which the general heaps
 * of maintained libraries (mnemonist's Heap, for one) need.
 */
export class MaxHeap {
  private keys = new Float64Array(256);
  private values = new Int32Array(256);
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** The largest key; only meaningful when size > 0. */
  get topKey(): number {
    return this.keys[0];
  }

  /** The value stored with the largest key. */
  get topValue(): number {
    return this.values[0];
  }

  clear(): void {
    this.count = 0;
  }

  push(key: number, value: number): void {
    if (this.count === this.keys.length) this.grow();
    let at = this.count++;
    while (at > 0) {
      const parent = (at - 1) >>> 1;
      if (this.keys[parent] >= key) break;
      this.keys[at] = this.keys[parent];
      this.values[at] = this.values[parent];
      at = parent;
    }
    this.keys[at] = key;
    this.values[at] = value;
  }

  /** Removes the top entry. */
  pop(): void {
    const last = --this.count;
    if (last <= 0) return;
    const key = this.keys[last];
    const value = this.values[last];
    let at = 0;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= last) break;
      if (child + 1 < last && this.keys[child + 1] > this.keys[child]) child++;
      if (this.keys[child] <= key) break;
      this.keys[at] = this.keys[child];
      this.values[at] = this.values[child];
      at = child;
    }
    this.keys[at] = key;
    this.values[at] = value;
  }

  private grow(): void {
    const keys = new Float64Array(this.keys.length * 2);
    keys.set(this.keys);
    const values = new Int32Array(this.values.length * 2);
    values.set(this.values);
    this.keys = keys;
    this.values = values;
  }
}
