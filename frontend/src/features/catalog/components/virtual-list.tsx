import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useRef } from 'react';

type Props<T extends { id: string }> = {
  items: readonly T[];
  label: string;
  estimateSize: number;
  renderItem: (item: T) => ReactNode;
};

/**
 * Only the items in view (plus a few) are in the DOM, so 20,000 products stay fast. Items are measured, so
 * an expanded variants list makes its row taller; `aria-setsize` tells tests and screen readers the length.
 */
export function VirtualList<T extends { id: string }>({ items, label, estimateSize, renderItem }: Props<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimateSize,
    overscan: 6,
    getItemKey: (index) => items[index]?.id ?? index,
  });

  return (
    <div ref={scrollRef} className="h-[60vh] overflow-auto pr-1" data-testid="catalog-scroll">
      <div role="list" aria-label={label} className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((row) => (
          <div
            key={row.key}
            role="listitem"
            aria-setsize={items.length}
            aria-posinset={row.index + 1}
            data-index={row.index}
            ref={virtualizer.measureElement}
            className="absolute left-0 top-0 w-full pb-2"
            style={{ transform: `translateY(${row.start}px)` }}
          >
            {renderItem(items[row.index]!)}
          </div>
        ))}
      </div>
    </div>
  );
}
