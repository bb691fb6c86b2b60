import * as z from 'zod/mini';

/** `POST /api/session`. */
export const LoginBodySchema = z.strictObject({ password: z.string().check(z.maxLength(200)) });

/** `GET /api/session`: whether the request's session cookie is valid (it is HttpOnly). */
export const SessionStateSchema = z.object({ unlocked: z.boolean() });
