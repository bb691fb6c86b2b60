import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';

import { apiAddress } from '../../domain/api/addresses.ts';
import { NewsArticleAnswerSchema } from '../../domain/api/news-article.ts';
import { formatShortDateTime } from '../../domain/time-zone.ts';
import { ApiError, fetchAnswer } from '../api/client.ts';
import { Shield } from '../components/shield.tsx';
import { teamPath } from '../components/team-link.tsx';
import { paths } from '../paths.ts';
import { readSiteMeta } from '../site-meta.ts';

/**
 * The story, or null when none is stored under `ref` or `ref` is no story's name (the page says
 * "Story not found").
 */
async function getNewsArticle(ref: string) {
  try {
    return (await fetchAnswer(apiAddress.newsArticle(ref), NewsArticleAnswerSchema)).article;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

/** /news/:ref: one story on a page of its own, with its league and the clubs it names. */
export function NewsArticlePage() {
  const { ref = '' } = useParams();
  const {
    data: article,
    isPending,
    isError,
  } = useQuery({
    queryKey: ['news', 'article', ref],
    queryFn: () => getNewsArticle(ref),
    staleTime: 5 * 60_000,
  });
  const { timeZone } = readSiteMeta();

  if (isPending) return <p className="min-h-screen py-12 text-center text-subtle">Loading…</p>;
  if (isError) return <p className="py-12 text-center text-live">Failed to load the story</p>;
  if (article === null) {
    return (
      <section className="flex flex-col items-center gap-4 py-24 text-center">
        <h1 className="text-2xl font-bold">Story not found</h1>
        <Link to={paths.news()} className="font-semibold text-pitch underline underline-offset-4">
          All news
        </Link>
      </section>
    );
  }
  return (
    <article className="mx-auto flex max-w-2xl flex-col gap-4 rounded-xl border border-line bg-white p-6 shadow-sm">
      <p className="text-sm text-subtle">
        <time dateTime={article.published_at}>
          {formatShortDateTime(Date.parse(article.published_at), timeZone)}
        </time>{' '}
        · {article.source_name}
        {article.league === null ? null : (
          <>
            {' '}
            ·{' '}
            <Link
              to={paths.league(article.league.slug)}
              className="text-pitch underline-offset-2 hover:underline"
            >
              {article.league.name}
            </Link>
          </>
        )}
      </p>
      <h1 className="text-2xl font-bold break-words">{article.title}</h1>
      {article.summary === '' ? null : <p className="leading-relaxed">{article.summary}</p>}
      {article.clubs.length === 0 ? null : (
        <ul className="flex flex-wrap gap-3" aria-label="Clubs in this story">
          {article.clubs.map((club) => (
            <li key={club.key}>
              <Link
                to={teamPath(club)}
                className="flex items-center gap-2 rounded-full border border-line px-3 py-1 text-sm hover:bg-chalk"
              >
                <Shield src={club.shield} size={20} />
                {club.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
