import * as z from 'zod/mini';

/** An HTTP error from the Touchline API, carrying the server's message. */
export class ApiError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/**
 * Fetches an answer of the Touchline API and reads it with `schema`, built from the contract's
 * schemas (src/domain/api): the one way the web checks what the server sends. A non-2xx answer
 * throws an ApiError with the server's message; so does a 2xx answer the schema cannot read.
 */
export async function fetchAnswer<S extends z.ZodMiniType>(
  path: string,
  schema: S,
  init: RequestInit = {},
): Promise<z.output<S>> {
  return (await fetchAnswerWithHeaders(path, schema, init)).body;
}

/** As fetchAnswer, with the answer's headers. */
export async function fetchAnswerWithHeaders<S extends z.ZodMiniType>(
  path: string,
  schema: S,
  init: RequestInit = {},
): Promise<{ body: z.output<S>; headers: Headers }> {
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
  const json: unknown = response.status === 204 ? undefined : await response.json();
  const read = z.safeParse(schema, json);
  if (!read.success) {
    const issue = read.error.issues[0];
    const where = ['answer', ...(issue?.path ?? []).map(String)].join('.');
    throw new ApiError(response.status, `${where}: not what ${path} answers`);
  }
  return { body: read.data, headers: response.headers };
}

/**
 * A list in an answer, read item by item: an item the schema cannot read (null, a string, a
 * field of the wrong type) cannot be shown or keyed, so it is dropped; a missing or broken list
 * reads as empty. A page shows what it can rather than failing for one bad item.
 */
export function readItems<T extends z.ZodMiniType>(item: T) {
  return z.pipe(
    z.optional(z.unknown()),
    z.transform((value): z.output<T>[] =>
      Array.isArray(value)
        ? value.flatMap((entry: unknown) => {
            const read = z.safeParse(item, entry);
            return read.success ? [read.data] : [];
          })
        : [],
    ),
  );
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}
