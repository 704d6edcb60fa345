import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useRef } from 'react';
import { cn } from '@/lib/cn';

type Props<T extends { id: string }> = {
  items: readonly T[];
  label: string;
  estimateSize: number;
  renderItem: (item: T) => ReactNode;
  /** The scroll box: its height and padding. */
  className: string;
  rowClassName?: string;
  testId: string;
};

/**
 * Only the rows in view (plus a few) are in the DOM, so 20,000 rows stay fast. Rows are measured, so a row
 * that opens (variants, an inline edit) grows; `aria-setsize` tells tests and screen readers the length.
 */
export function VirtualList<T extends { id: string }>({ items, label, estimateSize, renderItem, ...look }: Props<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimateSize,
    overscan: 6,
    getItemKey: (index) => items[index]?.id ?? index,
  });

  return (
    <div ref={scrollRef} className={cn('overflow-auto', look.className)} data-testid={look.testId}>
      <div role="list" aria-label={label} className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((row) => (
          <div
            key={row.key}
            role="listitem"
            aria-setsize={items.length}
            aria-posinset={row.index + 1}
            data-index={row.index}
            ref={virtualizer.measureElement}
            className={cn('absolute left-0 top-0 w-full', look.rowClassName)}
            style={{ transform: `translateY(${row.start}px)` }}
          >
            {renderItem(items[row.index]!)}
          </div>
        ))}
      </div>
    </div>
  );
}
