import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  FakeIntersectionObserver,
  scrollNearBottom,
} from '../../../tests/helpers/fake-intersection-observer.ts';
import { NearScreen } from './near-screen.tsx';

/** Counts its mounts: a section's queries start when it mounts. */
let mounts = 0;
function Section() {
  mounts++;
  return <p>Top scorers</p>;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('NearScreen in a browser that reports intersections', () => {
  beforeEach(() => {
    mounts = 0;
    FakeIntersectionObserver.instances = [];
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  });

  it('shows a placeholder, and mounts nothing, until the box comes within reach', () => {
    const { container } = render(
      <NearScreen placeholderClassName="h-40">
        <Section />
      </NearScreen>,
    );
    expect(screen.queryByText('Top scorers')).toBeNull();
    expect(mounts).toBe(0);
    const placeholder = container.querySelector('[data-near-screen="waiting"]');
    expect(placeholder?.getAttribute('aria-hidden')).toBe('true');
    expect(placeholder?.className).toContain('h-40');
    // It looks ahead of the screen, so the section is usually drawn before it is reached.
    expect(FakeIntersectionObserver.instances[0]?.rootMargin).toBe('400px 0px');

    scrollNearBottom();
    expect(screen.getByText('Top scorers')).toBeTruthy();
    expect(container.querySelector('[data-near-screen]')).toBeNull();
    expect(mounts).toBe(1);
  });

  it('keeps the section once drawn, and stops watching', () => {
    render(
      <NearScreen placeholderClassName="h-40">
        <Section />
      </NearScreen>,
    );
    scrollNearBottom();
    expect(FakeIntersectionObserver.instances[0]?.targets.size).toBe(0);
    scrollNearBottom();
    expect(screen.getAllByText('Top scorers')).toHaveLength(1);
  });
});

it('draws the section at once where IntersectionObserver is missing', () => {
  vi.stubGlobal('IntersectionObserver', undefined);
  render(
    <NearScreen placeholderClassName="h-40">
      <p>Top scorers</p>
    </NearScreen>,
  );
  expect(screen.getByText('Top scorers')).toBeTruthy();
});
