import type { CurrentUser } from '@dm/events/http';
import { Outlet } from 'react-router-dom';
import { AuditSlotsProvider } from '@/components/audit-slots';
import { NavBar } from '@/features/navigation/components/nav-bar';
import { auditSlots } from './audit-slots';

/**
 * What only a signed-in person sees around every screen. A chunk of its own, fetched once the session says who
 * is there, so the landing page does not download it (decision 0220). No TooltipProvider here: a screen that
 * shows tooltips wraps itself in one, so Radix Tooltip and its positioning code load only with it (0221).
 */
export default function SignedInShell({ user }: { user: CurrentUser }) {
  return (
    <div className="min-h-screen bg-background">
      <NavBar user={user} />
      <main className="mx-auto max-w-7xl p-4 md:p-6">
        <AuditSlotsProvider value={auditSlots}>
          <Outlet />
        </AuditSlotsProvider>
      </main>
    </div>
  );
}
