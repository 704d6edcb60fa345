import { type ReactNode, useEffect, useRef } from 'react';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '@/components/ui/tooltip';

type Props = { note: ReactNode; label: string; className: string; focus: boolean; children: ReactNode };

/** The tooltip once its code is here; it opens at once, since the pointer or the focus is already on it. */
export default function LoadedHoverNote({ note, label, className, focus, children }: Props) {
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focus) trigger.current?.focus();
  }, [focus]);
  return (
    <TooltipProvider>
      <Tooltip defaultOpen>
        <TooltipTrigger asChild>
          <button ref={trigger} type="button" aria-label={label} className={className}>
            {children}
          </button>
        </TooltipTrigger>
        <TooltipContent className="max-w-xs whitespace-pre-line break-words">{note}</TooltipContent>
      </Tooltip>
    </TooltipProvider>
  );
}
