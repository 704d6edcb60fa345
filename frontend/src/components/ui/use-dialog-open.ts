import { useEffect, useLayoutEffect, useRef, useState } from 'react';

// Radix stacks its "dismissable layers" in the order they appear, and only the top one hears Escape. A toast
// raised while a dialog is open becomes such a layer on top of it: Escape would close the toast and leave the
// dialog open. So open dialogs register here, and a toast hands Escape to the one opened last (toaster.tsx).
const openDialogs: (() => void)[] = [];

/** Closes the dialog opened last, answering whether there was one. */
export const closeTopDialog = (): boolean => {
  const close = openDialogs.at(-1);
  close?.();
  return close !== undefined;
};

/** A dialog's open state, controlled by the caller or not, known to `closeTopDialog` while it is open. */
export const useDialogOpen = (
  open: boolean | undefined,
  defaultOpen: boolean | undefined,
  onOpenChange: ((open: boolean) => void) | undefined,
) => {
  const [own, setOwn] = useState(defaultOpen ?? false);
  const isOpen = open ?? own;
  const setOpen = (next: boolean) => {
    if (open === undefined) setOwn(next);
    onOpenChange?.(next);
  };
  const latest = useRef(setOpen);
  useLayoutEffect(() => {
    latest.current = setOpen;
  });
  useEffect(() => {
    if (!isOpen) return;
    const close = () => latest.current(false);
    openDialogs.push(close);
    return () => void openDialogs.splice(openDialogs.indexOf(close), 1);
  }, [isOpen]);
  return [isOpen, setOpen] as const;
};
