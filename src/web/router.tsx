import { createBrowserRouter } from 'react-router';

import { AppFrame, AppFrameLoading } from './components/app-frame.tsx';
import { HomePage } from './routes/home.tsx';
import { RouteErrorPage } from './routes/route-error.tsx';

// Only the home page is in the first download; every other page loads when first visited.
export function createRouter() {
  return createBrowserRouter([
    {
      element: <AppFrame />,
      // While the first page's module loads, the frame stands, so the header painted before
      // the script is not wiped to a blank screen.
      HydrateFallback: AppFrameLoading,
      errorElement: <RouteErrorPage />,
      children: [
        { path: '/', element: <HomePage /> },
        {
          path: '/league/:slug',
          lazy: async () => ({ Component: (await import('./routes/league.tsx')).LeaguePage }),
        },
        {
          path: '/team/:slug',
          lazy: async () => ({ Component: (await import('./routes/team.tsx')).TeamPage }),
        },
        {
          path: '/match/:id',
          lazy: async () => ({ Component: (await import('./routes/match.tsx')).MatchPage }),
        },
        {
          path: '/news',
          lazy: async () => ({ Component: (await import('./routes/news.tsx')).NewsPage }),
        },
        {
          path: '/news/:ref',
          lazy: async () => ({
            Component: (await import('./routes/news-article.tsx')).NewsArticlePage,
          }),
        },
        {
          path: '/transfers',
          lazy: async () => ({ Component: (await import('./routes/transfers.tsx')).TransfersPage }),
        },
        {
          path: '/predictions',
          lazy: async () => ({
            Component: (await import('./routes/predictions.tsx')).PredictionsPage,
          }),
        },
        {
          path: '/admin',
          lazy: async () => ({ Component: (await import('./routes/admin.tsx')).AdminPage }),
        },
        {
          path: '*',
          lazy: async () => ({ Component: (await import('./routes/not-found.tsx')).NotFoundPage }),
        },
      ],
    },
  ]);
}
