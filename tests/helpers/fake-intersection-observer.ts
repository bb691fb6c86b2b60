import { act } from '@testing-library/react';

/** IntersectionObserver as far as the pages use it; a test decides when a target is near. */
export class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly targets = new Set<Element>();
  readonly callback: IntersectionObserverCallback;
  readonly rootMargin: string;

  constructor(callback: IntersectionObserverCallback, options: IntersectionObserverInit = {}) {
    this.callback = callback;
    this.rootMargin = options.rootMargin ?? '';
    FakeIntersectionObserver.instances.push(this);
  }

  observe(target: Element) {
    this.targets.add(target);
  }

  unobserve(target: Element) {
    this.targets.delete(target);
  }

  disconnect() {
    this.targets.clear();
  }

  takeRecords() {
    return [];
  }
}

/** Reports every observed target as within the observers' margin, as scrolling down would. */
export function scrollNearBottom() {
  act(() => {
    for (const observer of FakeIntersectionObserver.instances) {
      for (const target of observer.targets) {
        const entry = { isIntersecting: true, target } as IntersectionObserverEntry;
        observer.callback([entry], observer as unknown as IntersectionObserver);
      }
    }
  });
}
