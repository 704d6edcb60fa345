import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A grey block standing where content will be, so the page does not jump when it arrives. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="skeleton" className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />;
}
