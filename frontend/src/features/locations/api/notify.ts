import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';

/** Spec §8: failures are destructive toasts titled 'Error' with the server's message, else the fallback. */
export const notifyFailure = (fallback: string) => (error: unknown) =>
  toast({ title: 'Error', description: errorMessage(error, fallback), variant: 'destructive' });
