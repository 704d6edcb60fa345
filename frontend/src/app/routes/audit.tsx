import { AuditScreen } from '@/features/audit/components/audit-screen';

/** /audit (admin, guarded by the router): the audit feature. */
export function AuditRoute() {
  return <AuditScreen />;
}
