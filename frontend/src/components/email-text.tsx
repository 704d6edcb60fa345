import { Fragment } from 'react';
import { cn } from '@/lib/cn';

/**
 * An email address that wraps only where a reader expects it to (after the '@', before a '.'), never inside a
 * word; a part too long for its line is cut, and the whole address stays in the tooltip.
 */
export function EmailText({ email, className }: { email: string; className?: string }) {
  const parts = email.split(/(?<=@)|(?=\.)/);
  return (
    <span title={email} className={cn('block overflow-hidden text-ellipsis [overflow-wrap:normal]', className)}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
