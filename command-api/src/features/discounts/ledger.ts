import type { EventStore, ExpectedVersion } from '@dm/event-store';
import {
  codeReservationStream,
  ConflictError,
  foldCode,
  parseDomainEvent,
  type CodeReservationEvent,
} from '@dm/events';

/**
 * The code-reservation ledger (docs/decisions/1000-discount-streams.md): a code is unique per store,
 * case-insensitively, across every discount of every brand. Each (store, folded code) is its own stream; a
 * reservation is appended with the expected version the writer saw (no stream, or the version of its release),
 * together with whatever it reserves the code for, so of two writers only one can win.
 *
 * Pure except `readLedger`: deciders take a `Ledger` as part of their state and return reservation events; the
 * handler appends each to `codeReservationStream(storeId, code)` at `expectedVersionOf(ledger, …)`.
 */

export interface ReservationHolder {
  readonly discountId: string;
  readonly brandId: number;
  /** The code as it was reserved (its case kept). */
  readonly code: string;
}

/** One reservation stream: its version, and who holds the code now (null when free or released). */
export interface Reservation {
  readonly version: bigint;
  readonly holder: ReservationHolder | null;
}

/** The reservation streams a decision looked at, by stream id. A stream not in it was never written. */
export type Ledger = ReadonlyMap<string, Reservation>;
export const emptyLedger: Ledger = new Map();

export const isReservationEvent = (event: { type: string }): event is CodeReservationEvent =>
  event.type === 'CodeReserved' || event.type === 'CodeReleased';

export const evolveLedger = (ledger: Ledger, event: CodeReservationEvent): Ledger => {
  const { storeId, code, discountId, brandId } = event.data;
  const streamId = codeReservationStream(storeId, code);
  const version = (ledger.get(streamId)?.version ?? 0n) + 1n;
  const holder = event.type === 'CodeReserved' ? { discountId, brandId, code } : null;
  return new Map(ledger).set(streamId, { version, holder });
};

export const holderOf = (ledger: Ledger, storeId: number, code: string): ReservationHolder | null =>
  ledger.get(codeReservationStream(storeId, code))?.holder ?? null;

/** Free for this discount: nobody holds the code in the store, or this discount already does. */
export const isFreeFor = (ledger: Ledger, storeId: number, code: string, discountId: string) => {
  const holder = holderOf(ledger, storeId, code);
  return holder === null || holder.discountId === discountId;
};

/** The version a reservation stream's next append must find: a stream never written must still not exist. */
export const expectedVersionOf = (ledger: Ledger, streamId: string): ExpectedVersion => {
  const version = ledger.get(streamId)?.version ?? 0n;
  return version === 0n ? 'no_stream' : version;
};

/**
 * The version an append to `streamId` must find, from the streams the decision read (the ledger's, and any other
 * it read the version of). A stream the decision did not read has no version to pin: appending to it blind would
 * be `expected: 'any'`, so it is refused here, never appended to.
 */
export const pinnedVersionOf = (read: Ledger, streamId: string): ExpectedVersion => {
  if (!read.has(streamId)) throw new Error(`The decision appends to ${streamId} without having read it.`);
  return expectedVersionOf(read, streamId);
};

/** The streams' versions as the store has them now, read in one statement, as entries that hold no code. */
export const readVersions = async (
  eventStore: EventStore,
  streamIds: readonly string[],
  read: Ledger = emptyLedger,
) => {
  const last = await eventStore.readLastEvents(streamIds);
  const next = new Map(read);
  for (const streamId of streamIds)
    next.set(streamId, { version: last.get(streamId)?.streamVersion ?? 0n, holder: null });
  return next as Ledger;
};

export interface ReservationRequest {
  readonly storeId: number;
  /** The store's name for messages. */
  readonly storeName: string;
  readonly codes: readonly string[];
  readonly discountId: string;
  readonly brandId: number;
  readonly now: string;
}

const distinctFolded = (codes: readonly string[]) => {
  const seen = new Map<string, string>();
  for (const code of codes) if (!seen.has(foldCode(code))) seen.set(foldCode(code), code);
  return [...seen.values()];
};

/**
 * Reserves the codes in one store for a discount: one `CodeReserved` per code not yet held by it (a code it holds
 * already is left alone, so asking twice reserves once). A code held by another discount refuses the whole request.
 */
export const reserve = (ledger: Ledger, request: ReservationRequest): CodeReservationEvent[] => {
  const { storeId, storeName, discountId, brandId, now } = request;
  const codes = distinctFolded(request.codes);
  const taken = codes.filter((code) => !isFreeFor(ledger, storeId, code, discountId));
  if (taken.length > 0) {
    const list = taken.slice(0, 5).join(', ');
    throw new ConflictError(
      `${taken.length === 1 ? 'The code' : `${taken.length} codes`} ${list} ${taken.length === 1 ? 'is' : 'are'} already used in ${storeName}. Choose other codes.`,
    );
  }
  return codes
    .filter((code) => holderOf(ledger, storeId, code) === null)
    .map((code) => ({ type: 'CodeReserved', data: { storeId, code, discountId, brandId, reservedAt: now } }));
};

/** Frees the codes this discount holds in one store; codes it does not hold are left to their holders. */
export const release = (ledger: Ledger, request: Omit<ReservationRequest, 'storeName'>): CodeReservationEvent[] => {
  const { storeId, discountId, brandId, now } = request;
  return distinctFolded(request.codes).flatMap((asked): CodeReservationEvent[] => {
    const holder = holderOf(ledger, storeId, asked);
    if (holder?.discountId !== discountId) return [];
    return [{ type: 'CodeReleased', data: { storeId, code: holder.code, discountId, brandId, releasedAt: now } }];
  });
};

/** Reads the reservation streams of these (store, code) pairs into the ledger (pairs already in it are skipped). */
export const readLedger = async (
  eventStore: EventStore,
  pairs: readonly { readonly storeId: number; readonly code: string }[],
  ledger: Ledger = emptyLedger,
): Promise<Ledger> => {
  const streamIds = [...new Set(pairs.map((p) => codeReservationStream(p.storeId, p.code)))].filter(
    (id) => !ledger.has(id),
  );
  // One read and one copy for all of them, not one per stream: a command may read thousands (codes × stores). A
  // stream's last event says all the ledger needs: its version, and whether the code is held and by whom.
  const last = await eventStore.readLastEvents(streamIds);
  const next = new Map(ledger);
  for (const streamId of streamIds) {
    const recorded = last.get(streamId);
    const event = recorded ? (parseDomainEvent(recorded) as CodeReservationEvent) : null;
    next.set(streamId, {
      version: recorded?.streamVersion ?? 0n,
      holder:
        event?.type === 'CodeReserved'
          ? { discountId: event.data.discountId, brandId: event.data.brandId, code: event.data.code }
          : null,
    });
  }
  return next;
};
