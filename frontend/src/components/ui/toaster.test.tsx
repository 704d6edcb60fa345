import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AlertDialog, AlertDialogContent, AlertDialogTitle, AlertDialogTrigger } from './alert-dialog';
import { Dialog, DialogContent, DialogTitle } from './dialog';
import { TOAST_DURATION_MS } from './toast';
import { Toaster } from './toaster';
import { resetToasts, toast, TOAST_REMOVE_DELAY_MS, useToast } from './use-toast';

const region = () => screen.getByRole('region', { name: /notifications/i });
const visibleToasts = () => region().querySelectorAll('[data-slot="toast"]');

beforeEach(() => resetToasts());
afterEach(() => {
  vi.useRealTimers();
  act(() => resetToasts());
});

describe('When toasts are raised', () => {
  it('should show only the newest one', async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Region Created' });
      toast({ title: 'Country Created' });
    });
    expect(await within(region()).findByText('Country Created')).toBeInTheDocument();
    expect(screen.queryByText('Region Created')).not.toBeInTheDocument();
    expect(visibleToasts()).toHaveLength(1);
  });

  it('should style a failure as destructive with the server message as description', async () => {
    render(<Toaster />);
    act(() => {
      toast({ variant: 'destructive', title: 'Failed to add user', description: 'Email already exists' });
    });
    const title = await screen.findByText('Failed to add user');
    const item = title.closest('[data-slot="toast"]');
    expect(item).toHaveAttribute('data-variant', 'destructive');
    expect(item).toHaveClass('destructive');
    expect(screen.getByText('Email already exists')).toBeInTheDocument();
  });

  it('should use the default variant unless asked otherwise', async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Sync Started', description: 'Code synchronization has been started in the background' });
    });
    const item = (await screen.findByText('Sync Started')).closest('[data-slot="toast"]');
    expect(item).toHaveAttribute('data-variant', 'default');
    expect(item).not.toHaveClass('destructive');
  });

  it('should announce F8 as the hotkey of the notification area and cap its width at 420 px', () => {
    render(<Toaster />);
    expect(region()).toHaveAttribute('aria-label', expect.stringContaining('F8'));
    expect(region().querySelector('ol')).toHaveClass('md:max-w-[420px]');
  });

  it('should close on the close button', async () => {
    const user = userEvent.setup();
    render(<Toaster />);
    act(() => {
      toast({ title: 'Store Updated', description: 'Store status has been updated' });
    });
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Store Updated')).not.toBeInTheDocument();
  });
});

describe('When a toast is left alone', () => {
  it('should close itself after 5000 ms', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast({ title: 'Region Updated' });
    });
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS - 10);
    });
    expect(screen.getByText('Region Updated')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(20);
    });
    expect(screen.queryByText('Region Updated')).not.toBeInTheDocument();
  });
});

describe('When a toast is dismissed', () => {
  it('should keep it in memory until the removal delay passes', () => {
    vi.useFakeTimers();
    const seen: number[] = [];
    function Probe() {
      seen.push(useToast().toasts.length);
      return null;
    }
    render(<Probe />);
    let handle: { dismiss: () => void } | undefined;
    act(() => {
      handle = toast({ title: 'Region Deleted' });
    });
    act(() => handle?.dismiss());
    expect(seen.at(-1)).toBe(1);
    act(() => {
      vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    });
    expect(seen.at(-1)).toBe(1);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(seen.at(-1)).toBe(0);
  });
});

describe('When a toast shows over an open dialog', () => {
  it('should let Escape close the dialog, and then the toast', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Dialog defaultOpen>
          <DialogContent>
            <DialogTitle>Add Region</DialogTitle>
          </DialogContent>
        </Dialog>
        <Toaster />
      </>,
    );
    act(() => {
      toast({ title: 'Error', description: 'Something went wrong on our side.' });
    });
    await screen.findByText('Something went wrong on our side.');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Add Region' })).not.toBeInTheDocument();
    expect(screen.getByText('Something went wrong on our side.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByText('Something went wrong on our side.')).not.toBeInTheDocument();
  });

  it('should close the confirmation opened last, not one behind it', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Dialog defaultOpen>
          <DialogContent>
            <DialogTitle>Outer</DialogTitle>
            <AlertDialog>
              <AlertDialogTrigger>Ask</AlertDialogTrigger>
              <AlertDialogContent>
                <AlertDialogTitle>Inner</AlertDialogTitle>
              </AlertDialogContent>
            </AlertDialog>
          </DialogContent>
        </Dialog>
        <Toaster />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await screen.findByRole('alertdialog', { name: 'Inner' });
    act(() => {
      toast({ title: 'Saved' });
    });
    await screen.findByText('Saved');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog', { name: 'Inner' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Outer' })).toBeInTheDocument();
  });
});
