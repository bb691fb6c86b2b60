import { queryOptions, useQuery } from '@tanstack/react-query';

import { ClicksReportSchema, type ClicksReport } from '../../domain/affiliate-clicks.ts';
import { ApiError, fetchAnswer } from './client.ts';

export type { ClicksReport } from '../../domain/affiliate-clicks.ts';

const adminHeaders = (adminPassword: string | undefined): Record<string, string> =>
  adminPassword === undefined || adminPassword === '' ? {} : { 'x-admin-password': adminPassword };

/** The operators' clicks report; 403 without the admin password when one is set. */
export function getClicksReport(adminPassword?: string): Promise<ClicksReport> {
  return fetchAnswer('/api/admin/clicks', ClicksReportSchema, {
    headers: adminHeaders(adminPassword),
  });
}

/** `attempt`: the admin's try at the password (each asks anew); the password is kept out of the key. */
export function clicksReportQueryOptions(adminPassword?: string, attempt = 0) {
  return queryOptions({
    queryKey: ['admin', 'clicks', attempt],
    queryFn: () => getClicksReport(adminPassword),
    staleTime: 60_000,
    // A refusal (a wrong password) stays one until the admin types another.
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
  });
}

export function useClicksReport(options: {
  adminPassword?: string;
  attempt?: number;
  enabled: boolean;
}) {
  return useQuery({
    ...clicksReportQueryOptions(options.adminPassword, options.attempt),
    enabled: options.enabled,
  });
}

/**
 * Downloads the report's rows as the CSV file the server names. Fetched rather than linked, so
 * the admin password can go in its header; saved through a temporary link to the bytes.
 */
export async function downloadClicksCsv(adminPassword?: string): Promise<void> {
  const response = await fetch('/api/admin/clicks.csv', {
    credentials: 'same-origin',
    headers: { accept: 'text/csv', ...adminHeaders(adminPassword) },
  });
  if (!response.ok) {
    let message = `HTTP ${response.status}: ${response.statusText}`;
    try {
      const body = (await response.json()) as { error?: unknown };
      if (typeof body.error === 'string') message = body.error;
    } catch {
      // Not JSON: keep the status line.
    }
    throw new ApiError(response.status, message);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([\w.-]+)"/.exec(disposition)?.[1] ?? 'affiliate-clicks.csv';
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has handed the bytes to the download.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
