import { codeReservationStream, discountCodesStream } from '@dm/events';
import type { CodesEvent } from './decider';

/** Where a decided codes event is appended: its code's ledger stream, or the discount's codes stream. */
export const streamOf = (event: CodesEvent) =>
  event.type === 'CodeReserved' || event.type === 'CodeReleased'
    ? codeReservationStream(event.data.storeId, event.data.code)
    : discountCodesStream(event.data.discountId);
