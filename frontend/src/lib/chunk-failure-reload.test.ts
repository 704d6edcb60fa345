import { describe, expect, it, vi } from 'vitest';
import { reloadOnceOnChunkFailure } from './chunk-failure-reload';

const world = (startAt = 1_000_000) => {
  let clock = startAt;
  const target = new EventTarget();
  const stored = new Map<string, string>();
  const storage = {
    getItem: (k: string) => stored.get(k) ?? null,
    setItem: (k: string, v: string) => void stored.set(k, v),
  };
  const reload = vi.fn();
  reloadOnceOnChunkFailure({ target, storage, reload, now: () => clock });
  const fail = () => {
    const event = new Event('vite:preloadError', { cancelable: true });
    target.dispatchEvent(event);
    return event;
  };
  return { fail, reload, later: (ms: number) => void (clock += ms), stored };
};

describe('reloadOnceOnChunkFailure', () => {
  it("should reload the page when a screen's code fails to load, instead of showing the error", () => {
    const { fail, reload } = world();
    expect(fail().defaultPrevented).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('should let the error page show when it fails again right after that reload', () => {
    const { fail, reload, later } = world();
    fail();
    later(3_000);
    expect(fail().defaultPrevented).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('should reload again for a failure long after the last reload (the next deploy)', () => {
    const { fail, reload, later } = world();
    fail();
    later(60_000);
    expect(fail().defaultPrevented).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('should show the error page where the session storage is refused, never reloading in a loop', () => {
    const target = new EventTarget();
    const reload = vi.fn();
    reloadOnceOnChunkFailure({ target, storage: null, reload });
    const event = new Event('vite:preloadError', { cancelable: true });
    target.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
