import type { ExampleCart } from '@dm/events/http';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ExampleCartCard } from './example-cart';

const jacket: ExampleCart = {
  kind: 'targeted',
  name: '1 × Aurora Coastal Jacket',
  lines: [{ title: 'Aurora Coastal Jacket', quantity: 1, unitPrice: '120.00', before: '120.00', after: '102.00' }],
  before: '120.00',
  discounts: [{ message: '15% off', line: 0, amount: '18.00' }],
  after: '102.00',
};
const show = (cart: ExampleCart) =>
  render(
    <ul>
      <ExampleCartCard cart={cart} money={(amount) => `£${amount}`} />
    </ul>,
  );

describe('When an example cart shows a product', () => {
  it('should say the discount names it when it does', () => {
    show(jacket);
    expect(screen.getByText('A product the discount names')).toBeTruthy();
  });

  it('should say which collection it stands for when the discount names the collection', () => {
    show({ ...jacket, collection: 'Best Sellers' });
    expect(screen.getByText('A product in the collection “Best Sellers”')).toBeTruthy();
    expect(screen.queryByText('A product the discount names')).toBeNull();
  });

  it('should name the collection beside a gift’s trigger drawn from it', () => {
    show({ ...jacket, kind: 'trigger', collection: 'Best Sellers' });
    expect(screen.getByText('The trigger quantity, with the gift (from “Best Sellers”)')).toBeTruthy();
  });
});
