import * as z from 'zod/mini';

// The inputs of the routes that answer files: drawn images and the site's own feeds.

export const CrestParamsSchema = z.strictObject({
  file: z.string().check(z.regex(/^[a-z0-9-]{1,80}\.svg$/, 'must be a crest file name')),
});

export const PlayerPhotoParamsSchema = z.strictObject({
  file: z.string().check(z.regex(/^[a-z0-9-]{1,80}\.svg$/, 'must be a photo file name')),
});

export const FeedParamsSchema = z.strictObject({ file: z.string() });
