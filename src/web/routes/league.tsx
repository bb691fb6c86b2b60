import { useParams } from 'react-router';

import { useLeagues } from '../api/leagues.ts';

export function LeaguePage() {
  const { slug } = useParams();
  const { data: leagues, isPending } = useLeagues();
  if (isPending) return <p className="text-subtle">Loading…</p>;
  const league = leagues?.find((l) => l.slug === slug);
  if (league === undefined) {
    return <p className="py-12 text-center text-lg font-semibold">League not found</p>;
  }
  return (
    <section>
      <h1 className="text-2xl font-bold">{league.name}</h1>
    </section>
  );
}
