/** A waiter for a slot, ordered by its lane's last grant (`since`, 0 for never), then by arrival (`seq`). */
export interface Waiter {
  readonly since: number;
  readonly seq: number;
  readonly resolve: () => void;
}

const before = (a: Waiter, b: Waiter) => a.since < b.since || (a.since === b.since && a.seq < b.seq);

/** A binary min-heap of waiters: a push and a pop cost O(log n) however many lanes wait. */
export class WaiterHeap {
  private readonly items: Waiter[] = [];

  push(waiter: Waiter): void {
    const items = this.items;
    items.push(waiter);
    for (let i = items.length - 1; i > 0;) {
      const parent = (i - 1) >> 1;
      if (!before(items[i]!, items[parent]!)) break;
      [items[i], items[parent]] = [items[parent]!, items[i]!];
      i = parent;
    }
  }

  pop(): Waiter | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length === 0 || !last) return top;
    items[0] = last;
    for (let i = 0; ;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let least = i;
      if (left < items.length && before(items[left]!, items[least]!)) least = left;
      if (right < items.length && before(items[right]!, items[least]!)) least = right;
      if (least === i) break;
      [items[i], items[least]] = [items[least]!, items[i]!];
      i = least;
    }
    return top;
  }
}
