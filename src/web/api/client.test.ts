import { http, HttpResponse } from 'msw/http';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';

import { server } from '../../../tests/helpers/msw-server.ts';
import { ApiError, fetchAnswer, readItems } from './client.ts';

const Answer = z.object({ count: z.number(), names: readItems(z.string()) });

describe('fetchAnswer', () => {
  it('reads an answer with its schema, dropping the list items it cannot read', async () => {
    server.use(http.get('/api/x', () => HttpResponse.json({ count: 2, names: ['a', 7, 'b'] })));
    expect(await fetchAnswer('/api/x', Answer)).toEqual({ count: 2, names: ['a', 'b'] });
  });

  it('throws an ApiError naming the field when the answer does not fit the schema', async () => {
    server.use(http.get('/api/x', () => HttpResponse.json({ count: 'two' })));
    const failure = fetchAnswer('/api/x', Answer);
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      status: 200,
      message: 'answer.count: not what /api/x answers',
    });
  });

  it("throws an ApiError with the server's message on a refusal", async () => {
    server.use(
      http.get('/api/x', () => HttpResponse.json({ error: 'League not found' }, { status: 404 })),
    );
    await expect(fetchAnswer('/api/x', Answer)).rejects.toMatchObject({
      status: 404,
      message: 'League not found',
    });
  });
});
