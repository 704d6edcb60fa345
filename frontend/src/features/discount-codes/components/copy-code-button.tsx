import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { failureNotice } from '@/lib/failure-notice';

/** Spec 001 §9: the check mark shows this long after a copy. */
export const COPIED_MS = 2000;

/** Spec 001 §2.5: copies the code; a check mark for 2 s says it worked. */
export function CopyCodeButton({ code }: { code: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      toast({ title: 'Code copied to clipboard', description: code });
    } catch (error) {
      toast(failureNotice('Failed to copy', error, 'The browser did not allow copying to the clipboard'));
    }
  };
  return (
    <Button
      variant="ghost"
      size="icon"
      className="size-7 shrink-0"
      aria-label={copied ? `${code} copied` : `Copy ${code}`}
      onClick={() => void copy()}
    >
      {copied ? <Check className="text-green-700" /> : <Copy />}
    </Button>
  );
}
