import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './toast';
import { closeTopDialog } from './use-dialog-open';
import { dismissToast, useToast } from './use-toast';

export function Toaster() {
  const { toasts } = useToast();
  return (
    <ToastProvider>
      {toasts.map(({ id, title, description, variant, duration, open }) => (
        <Toast
          key={id}
          variant={variant}
          open={open}
          onOpenChange={(next) => {
            if (!next) dismissToast(id);
          }}
          // A toast shown over an open dialog is Radix's top layer: let Escape close the dialog, as it would
          // without the toast (the toast then times out as usual). From inside the toast, Escape closes it.
          onEscapeKeyDown={(event) => {
            const fromToast = event.target instanceof Element && event.target.closest('[data-slot="toast"]');
            if (!fromToast && closeTopDialog()) event.preventDefault();
          }}
          {...(duration !== undefined ? { duration } : {})}
        >
          <div className="grid gap-1">
            {title ? <ToastTitle>{title}</ToastTitle> : null}
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport />
    </ToastProvider>
  );
}
