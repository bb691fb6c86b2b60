export const paths = {
  home: () => '/',
  league: (slug: string) => `/league/${encodeURIComponent(slug)}`,
  news: () => '/news',
  transfers: () => '/transfers',
  admin: () => '/admin',
};
