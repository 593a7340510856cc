import { mulberry32 } from '../../../bench/dataset';
import { MaxHeap } from './maxHeap';

describe('MaxHeap', () => {
  it('pops keys in descending order, interleaved with pushes, past its initial size', () => {
    const random = mulberry32(3);
    const heap = new MaxHeap();
    const reference: { key: number; value: number }[] = [];
    for (let step = 0; step < 5000; step++) {
      if (random() < 0.6 || heap.size === 0) {
        // Few distinct keys: ties are common, as similarities are.
        const key = Math.floor(random() * 50) / 7;
        heap.push(key, step);
        reference.push({ key, value: step });
      } else {
        const top = Math.max(...reference.map((entry) => entry.key));
        expect(heap.topKey).toBe(top);
        const at = reference.findIndex((entry) => entry.value === heap.topValue);
        expect(reference[at].key).toBe(top);
        reference.splice(at, 1);
        heap.pop();
      }
      expect(heap.size).toBe(reference.length);
    }
    heap.clear();
    expect(heap.size).toBe(0);
  });
});
