import type { MatchFacts } from '../../../domain/api/match-centre.ts';

/** The credit line under the match facts: who recorded them, each linked. */
export function FactSources({ sources }: { sources: MatchFacts['sources'] }) {
  if (sources.length === 0) return null;
  return (
    <p className="text-xs text-subtle">
      Match facts recorded by{' '}
      {sources.map((source, i) => (
        <span key={source.url}>
          {i === 0 ? '' : i === sources.length - 1 ? ' and ' : ', '}
          <a href={source.url} className="underline underline-offset-2" rel="noopener noreferrer">
            {source.name}
          </a>
        </span>
      ))}
      .
    </p>
  );
}
