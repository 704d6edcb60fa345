import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { cn } from '@/lib/cn';

type Props<T extends { id: string }> = {
  items: readonly T[];
  label: string;
  estimateSize: number;
  renderItem: (item: T) => ReactNode;
  rowClassName?: string;
};

/**
 * Only the rows in view (plus a few) are in the DOM, so 20,000 rows stay fast. The list scrolls with the page,
 * not in a box of its own: no second scrollbar, and no row cut by a box edge on a phone. Rows are measured, so
 * a row that opens (variants, an inline edit) grows; `aria-setsize` tells tests and screen readers the length.
 */
export function VirtualList<T extends { id: string }>({
  items,
  label,
  estimateSize,
  renderItem,
  rowClassName,
}: Props<T>) {
  const listRef = useRef<HTMLDivElement>(null);
  // Where the list starts on the page; it moves when what is above it changes height.
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    const next = Math.round((listRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY);
    if (next !== top) setTop(next);
  });
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => estimateSize,
    overscan: 6,
    scrollMargin: top,
    getItemKey: (index) => items[index]?.id ?? index,
  });

  return (
    <div
      ref={listRef}
      role="list"
      aria-label={label}
      className="relative w-full"
      style={{ height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((row) => (
        <div
          key={row.key}
          role="listitem"
          aria-setsize={items.length}
          aria-posinset={row.index + 1}
          data-index={row.index}
          ref={virtualizer.measureElement}
          className={cn('absolute left-0 top-0 w-full', rowClassName)}
          style={{ transform: `translateY(${row.start - top}px)` }}
        >
          {renderItem(items[row.index]!)}
        </div>
      ))}
    </div>
  );
}
