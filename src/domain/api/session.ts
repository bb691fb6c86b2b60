import * as z from 'zod/mini';

/** `POST /api/session`. */
export const LoginBodySchema = z.strictObject({ password: z.string().check(z.maxLength(200)) });
