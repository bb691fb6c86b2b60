import * as z from 'zod/mini';

import { TeamRefSchema } from './team-page.ts';

/**
 * An article id, or the `<story>` of a `/news/<story>` page: the characters a story's path is
 * made of (letters, digits, `-`, `_`, `.`, `~`); anything else names no story and is refused.
 */
export const ArticleParamsSchema = z.strictObject({
  ref: z.string().check(z.maxLength(200), z.regex(/^[\w.~-]+$/)),
});

/** `GET /api/news/articles/:ref`: one stored story, by id or by the site path it links to. */
export const NewsArticleAnswerSchema = z.object({
  article: z.object({
    id: z.number(),
    title: z.string(),
    summary: z.string(),
    image_url: z.nullable(z.string()),
    source_name: z.string(),
    published_at: z.string(),
    link: z.string(),
    league: z.nullable(z.object({ slug: z.string(), name: z.string() })),
    /** The league's clubs the story names, for links to their team pages. */
    clubs: z.array(TeamRefSchema),
  }),
});
export type NewsArticleAnswer = z.infer<typeof NewsArticleAnswerSchema>;
