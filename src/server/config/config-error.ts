import type { z } from 'zod';

/** A configuration Touchline cannot start with; its message names every bad variable. */
export class ConfigError extends Error {}

/** "PORT must be at most 65535; CLOCK_SPEED must be a number": one line for them all. */
export function describeEnvIssues(issues: readonly z.core.$ZodIssue[]): string {
  const problems = issues.map((issue) => {
    const name = String(issue.path[0] ?? 'environment');
    return `${name} ${describeIssue(issue)}`;
  });
  return `Invalid configuration: ${problems.join('; ')}`;
}

function describeIssue(issue: z.core.$ZodIssue): string {
  // A schema's own message (e.g. .int('must be a whole number')) says it better than the type.
  if (issue.code === 'invalid_type') {
    return issue.message.startsWith('Invalid input')
      ? `must be a ${issue.expected}`
      : issue.message;
  }
  if (issue.code === 'invalid_value') {
    return `must be one of ${issue.values.map((v) => String(v)).join(', ')}`;
  }
  return issue.message;
}
