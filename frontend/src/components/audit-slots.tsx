import { createContext, useContext, type ComponentType } from 'react';

/**
 * Where the audit feature shows itself inside other features' screens (a row's History action, a discount's
 * History and As-of tabs). Features never import each other: the app fills these slots (app/audit-slots.tsx)
 * and a screen renders whatever is there, or nothing.
 */
export type AuditSlots = {
  readonly HistoryAction?: ComponentType<{ entity: string; title: string }>;
  readonly DiscountHistory?: ComponentType<{ discountId: string; stores: ReadonlyMap<number, string> }>;
  readonly DiscountAsOf?: ComponentType<{ discountId: string }>;
};

const AuditSlotsContext = createContext<AuditSlots>({});

export const AuditSlotsProvider = AuditSlotsContext.Provider;
export const useAuditSlots = (): AuditSlots => useContext(AuditSlotsContext);

/** A row's 'History' action, when the app provides one. */
export function HistoryAction(props: { entity: string; title: string }) {
  const { HistoryAction: Action } = useAuditSlots();
  return Action ? <Action {...props} /> : null;
}
