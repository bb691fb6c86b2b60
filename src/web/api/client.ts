/** An HTTP error from the Touchline API, carrying the server's message. */
export class ApiError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** Fetches JSON from the Touchline API; a non-2xx answer throws an ApiError. */
export async function fetchJson<T>(path: string, init: RequestInit = {}): Promise<T> {
  return (await fetchJsonWithHeaders<T>(path, init)).body;
}

/** As fetchJson, with the answer's headers. */
export async function fetchJsonWithHeaders<T>(
  path: string,
  init: RequestInit = {},
): Promise<{ body: T; headers: Headers }> {
  const response = await fetch(path, {
    ...init,
    credentials: 'same-origin',
    headers: { accept: 'application/json', ...init.headers },
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
  if (response.status === 204) return { body: undefined as T, headers: response.headers };
  return { body: (await response.json()) as T, headers: response.headers };
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}
