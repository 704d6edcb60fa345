const reloadedAtKey = 'dm-chunk-failure-reload-at';
/** A failure this soon after the reload it caused is not a stale or dropped file: the error page shows. */
const settleMs = 10_000;

export interface ChunkFailureReloadOptions {
  readonly target: Pick<Window, 'addEventListener'>;
  readonly storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  readonly reload: () => void;
  readonly now?: () => number;
}

/**
 * A screen's code that fails to load (a deploy replaced the file the open page knows, a connection dropped)
 * reloads the page once, which fetches the build the server has now. The browser keeps a failed module import
 * for the page's lifetime, so only a reload fetches it again. Failing again right after, the error page shows
 * with its Reload button, instead of a loop of reloads. Vite announces each such failure as `vite:preloadError`.
 */
export const reloadOnceOnChunkFailure = ({ target, storage, reload, now = Date.now }: ChunkFailureReloadOptions) => {
  target.addEventListener('vite:preloadError', (event) => {
    if (!storage || now() - Number(storage.getItem(reloadedAtKey) ?? 0) < settleMs) return;
    storage.setItem(reloadedAtKey, String(now()));
    event.preventDefault();
    reload();
  });
};

/** The session's storage, or null where the browser refuses it (then a failure shows the error page at once). */
export const sessionStorageOrNull = (): Storage | null => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
};
