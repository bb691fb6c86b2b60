import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useFlashOnChange } from './use-flash-on-change.ts';

function renderFlash(value: string, ms = 2000) {
  return renderHook(({ value }: { value: string }) => useFlashOnChange(value, ms), {
    initialProps: { value },
  });
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('useFlashOnChange', () => {
  it('is false on mount', () => {
    const { result } = renderFlash('1-0');

    expect(result.current).toBe(false);
  });

  it('stays false while the value is the same', () => {
    const { result, rerender } = renderFlash('1-0');

    rerender({ value: '1-0' });

    expect(result.current).toBe(false);
  });

  it('is true once the value changes, and false again after the delay', () => {
    const { result, rerender } = renderFlash('1-0');

    rerender({ value: '2-0' });
    expect(result.current).toBe(true);

    act(() => vi.advanceTimersByTime(1999));
    expect(result.current).toBe(true);

    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(false);
  });

  it('starts the time again when the value changes during a highlight', () => {
    const { result, rerender } = renderFlash('1-0');

    rerender({ value: '2-0' });
    act(() => vi.advanceTimersByTime(1500));
    rerender({ value: '2-1' });
    act(() => vi.advanceTimersByTime(1500));
    expect(result.current).toBe(true);

    act(() => vi.advanceTimersByTime(500));
    expect(result.current).toBe(false);
  });

  it('highlights each later change again', () => {
    const { result, rerender } = renderFlash('1-0', 100);

    rerender({ value: '2-0' });
    act(() => vi.advanceTimersByTime(100));
    expect(result.current).toBe(false);

    rerender({ value: '3-0' });
    expect(result.current).toBe(true);
  });
});
