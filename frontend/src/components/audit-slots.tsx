import { createContext, useContext, type ComponentType } from 'react';

/**
 * Where the audit feature shows itself inside other features' screens (a row's History action, a discount's
 * History and As-of tabs). Features never import each other: the app fills these slots (app/audit-slots.tsx)
 * and a screen renders whatever is there, or nothing.
 */
type HistoryActionProps = {
  entity: string;
  title: string;
  /** Names for the stores the events mention (a code's pushes per store). */
  storeNames?: ReadonlyMap<number, string>;
};

export type AuditSlots = {
  readonly HistoryAction?: ComponentType<HistoryActionProps>;
  readonly DiscountHistory?: ComponentType<{ discountId: string; stores: ReadonlyMap<number, string> }>;
  readonly DiscountAsOf?: ComponentType<{ discountId: string }>;
};

const AuditSlotsContext = createContext<AuditSlots>({});

export const AuditSlotsProvider = AuditSlotsContext.Provider;
export const useAuditSlots = (): AuditSlots => useContext(AuditSlotsContext);

/** A row's 'History' action, when the app provides one. */
export function HistoryAction(props: HistoryActionProps) {
  const { HistoryAction: Action } = useAuditSlots();
  return Action ? <Action {...props} /> : null;
}
