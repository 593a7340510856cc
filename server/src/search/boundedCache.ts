/**
 * A least-recently-used cache bounded both by its number of entries and by the bytes its values take, so that no
 * sequence of inputs (many distinct queries, a few very large answers) grows memory past either bound. A value
 * larger than the byte bound alone is not kept. A Map keeps insertion order: a hit is moved to the end, and the
 * oldest entries are the first ones.
 */
export class BoundedCache<K, V> {
  private readonly entries = new Map<K, V>();
  private bytes = 0;

  constructor(
    private readonly bounds: {
      maxEntries: number;
      maxBytes: number;
      bytesOf: (value: V) => number;
    },
  ) {}

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    const { maxEntries, maxBytes, bytesOf } = this.bounds;
    this.delete(key);
    const size = bytesOf(value);
    if (size > maxBytes) return;
    this.entries.set(key, value);
    this.bytes += size;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= maxEntries && this.bytes <= maxBytes) break;
      this.delete(oldest);
    }
  }

  delete(key: K): void {
    const value = this.entries.get(key);
    if (value === undefined) return;
    this.entries.delete(key);
    this.bytes -= this.bounds.bytesOf(value);
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  /** How many entries, and how many bytes their values take. */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }
}
