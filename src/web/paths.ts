export const paths = {
  home: () => '/',
  league: (slug: string) => `/league/${encodeURIComponent(slug)}`,
  news: () => '/news',
  transfers: () => '/transfers',
  predictions: () => '/predictions',
  admin: () => '/admin',
};

/** The match page's address: the stored id, then a readable slug of the two clubs. */
export function getMatchPath(id: number | string, home?: string, away?: string): string {
  const slug = [home, away]
    .filter((name): name is string => name !== undefined && name !== '')
    .map((name) =>
      name
        .toLowerCase()
        .normalize('NFD')
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, ''),
    )
    .join('-v-');
  return slug === '' ? `/match/${id}` : `/match/${id}-${slug}`;
}
