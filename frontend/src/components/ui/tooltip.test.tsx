import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from './tooltip';

afterEach(() => vi.useRealTimers());

const renderTooltip = () =>
  render(
    <TooltipProvider>
      <Tooltip>
        <TooltipTrigger>Sync</TooltipTrigger>
        <TooltipContent>Start a full sync</TooltipContent>
      </Tooltip>
    </TooltipProvider>,
  );

describe('When hovering a tooltip trigger', () => {
  it('should open only after 700 ms', () => {
    vi.useFakeTimers();
    renderTooltip();
    fireEvent.pointerMove(screen.getByText('Sync'), { pointerType: 'mouse' });
    act(() => {
      vi.advanceTimersByTime(690);
    });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(20);
    });
    expect(screen.getByRole('tooltip')).toHaveTextContent('Start a full sync');
  });
});
