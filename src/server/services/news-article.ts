import type { NewsArticleAnswer } from '../../domain/api/news-article.ts';
import type { Db } from '../db/client.ts';
import { findArticleById, findArticleByPath, listLeagueClubs } from '../db/news-article-queries.ts';
import { HttpError } from '../http/errors.ts';
import type { LeagueDirectory } from './leagues.ts';

/** One story for its own page: `ref` is an article id, or the `/news/<ref>` it links to. */
export async function getNewsArticle(
  deps: { db: Db; leagues: LeagueDirectory },
  ref: string,
): Promise<NewsArticleAnswer> {
  const article = /^\d{1,9}$/.test(ref)
    ? await findArticleById(deps.db, Number(ref))
    : await findArticleByPath(deps.db, `/news/${encodeURIComponent(ref)}`);
  if (article === null) throw new HttpError(404, 'Article not found');
  const league =
    article.leagueSlug === null ? null : await deps.leagues.findBySlug(article.leagueSlug);
  const text = `${article.title} ${article.summary ?? ''}`;
  const clubs =
    league === null
      ? []
      : (await listLeagueClubs(deps.db, league.id)).filter((club) => text.includes(club.name));
  return {
    article: {
      id: article.id,
      title: article.title,
      summary: article.summary ?? '',
      image_url: article.imageUrl,
      source_name: article.sourceName,
      published_at: article.publishedAt.toISOString(),
      link: article.link,
      league: league === null ? null : { slug: league.slug, name: league.name },
      clubs: clubs.map((club) => ({ key: club.key, name: club.name, shield: club.logoUrl ?? '' })),
    },
  };
}
