import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { useUserBrands } from '@/features/brands/api/get-user-brands';
import { DashboardScreen } from '@/features/dashboard/components/dashboard-screen';
import { useDiscountStats } from '@/features/discounts/api/get-discount-stats';
import { useDiscounts } from '@/features/discounts/api/get-discounts';

/** / (manager and above): the session, the caller's brands, the discounts' newest page and numbers. */
export function DashboardRoute() {
  const { user } = useCurrentUser();
  const brands = useUserBrands();
  const discounts = useDiscounts();
  const stats = useDiscountStats();
  if (!user) return null;
  return <DashboardScreen user={user} brands={brands} discounts={discounts} stats={stats} />;
}
