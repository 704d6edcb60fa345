import { PlaceholderScreen } from './placeholder-screen';

export function CreateDiscountRoute() {
  return <PlaceholderScreen title="Create Discount" />;
}
