import { Loader2 } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export function Spinner({ className, ...props }: ComponentProps<'svg'>) {
  return (
    <Loader2
      data-slot="spinner"
      role="status"
      aria-label="Loading"
      className={cn('size-8 animate-spin text-muted-foreground', className)}
      {...props}
    />
  );
}
