/**
 * When this member can no longer be sure the group still counts it in (decision 1543). The broker keeps a member's
 * session for `sessionTimeoutMs` after the last heartbeat it received; a heartbeat is sent only after the one before
 * it was answered, so the broker received the latest answered one after the answer before it came back. Until that
 * earlier answer's time plus the session timeout, no other member can hold this member's partitions. A member cut
 * off from the broker (or paused) hears nothing and, without this, would go on working once it is back, beside the
 * member that took its partitions meanwhile.
 */
export interface SessionLapse {
  /** A heartbeat was answered. */
  answered(): void;
  /** The group's join was answered: a session starts. */
  joined(): void;
  /** Aborts once the session may have lapsed: `marginMs` before the earliest moment the broker could drop it. */
  watch(): { readonly signal: AbortSignal; readonly stop: () => void };
}

export class SessionLapsedError extends Error {
  constructor(sessionTimeoutMs: number) {
    super(
      `No heartbeat answered for most of the ${sessionTimeoutMs} ms session: the partition may be another member's`,
    );
    this.name = 'SessionLapsedError';
  }
}

export const sessionLapse = ({
  sessionTimeoutMs,
  marginMs,
  now = () => performance.now(),
}: {
  sessionTimeoutMs: number;
  marginMs: number;
  now?: () => number;
}): SessionLapse => {
  let latest = now();
  let beforeLatest = latest;
  const lapsesAt = () => beforeLatest + sessionTimeoutMs - marginMs;
  return {
    answered: () => {
      beforeLatest = latest;
      latest = now();
    },
    joined: () => {
      latest = now();
      beforeLatest = latest;
    },
    watch: () => {
      const controller = new AbortController();
      let timer: NodeJS.Timeout | undefined;
      const check = () => {
        const left = lapsesAt() - now();
        if (left <= 0) controller.abort(new SessionLapsedError(sessionTimeoutMs));
        else timer = setTimeout(check, left);
      };
      check();
      return { signal: controller.signal, stop: () => clearTimeout(timer) };
    },
  };
};
