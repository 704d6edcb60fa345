import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/dates';
import { DriftDifferencesList } from './drift-differences';

describe('DriftDifferencesList', () => {
  // The walk (issue 25) found drift times as 'Jan 05, 2031, 14:30' beside the History tab's date-times.
  it('should write an edited start date in the app’s one date-time format', () => {
    const ours = new Date(2031, 0, 5, 14, 30, 12).toISOString();
    const shopify = new Date(2031, 0, 6, 9, 0, 0).toISOString();
    render(
      <DriftDifferencesList
        differences={{
          deleted: false,
          missingCodes: [],
          missingCodeCount: 0,
          unexpectedCodes: [],
          unexpectedCodeCount: 0,
          fields: [{ field: 'startsAt', ours, shopify }],
        }}
      />,
    );
    expect(
      screen.getByText(`Start date: ours ${formatDateTime(ours)}, Shopify’s ${formatDateTime(shopify)}`),
    ).toBeInTheDocument();
  });
});
