/**
 * Where a message sits in our log, as headers: the log position (txId, position) and, for an event sent once per
 * store, which copy. Within one partition these increase strictly, so a consumer keeps one high-water mark per
 * partition and drops anything at or below it (a relay that published again after a crash, a redelivery).
 */
export interface DeliveryMark {
  readonly txId: bigint;
  readonly position: bigint;
  readonly copy: number;
}

export const deliveryHeaders = (
  mark: DeliveryMark & { readonly eventId: string; readonly type: string },
): Record<string, string> => ({
  'dm-tx-id': mark.txId.toString(),
  'dm-position': mark.position.toString(),
  'dm-copy': String(mark.copy),
  'dm-event-id': mark.eventId,
  'dm-type': mark.type,
});

export const deliveryMarkOf = (headers: Readonly<Record<string, string>>): DeliveryMark => {
  const [txId, position, copy] = [headers['dm-tx-id'], headers['dm-position'], headers['dm-copy']];
  if (!txId || !position || !copy) throw new Error('A message without dm-tx-id, dm-position and dm-copy headers');
  return { txId: BigInt(txId), position: BigInt(position), copy: Number(copy) };
};

/** Log order, then copy order. */
export const isAfter = (a: DeliveryMark, b: DeliveryMark): boolean =>
  a.txId !== b.txId ? a.txId > b.txId : a.position !== b.position ? a.position > b.position : a.copy > b.copy;
