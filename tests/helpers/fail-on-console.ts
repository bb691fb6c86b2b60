import { afterEach, beforeEach, vi } from 'vitest';

// A console.error or console.warn in a test is a bug being ignored: fail the test.
let messages: string[] = [];

beforeEach(() => {
  messages = [];
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      messages.push(`console.${level}: ${args.map((a) => String(a)).join(' ')}`);
    });
  }
});

afterEach(() => {
  vi.restoreAllMocks();
  if (messages.length > 0) throw new Error(messages.join('\n'));
});
