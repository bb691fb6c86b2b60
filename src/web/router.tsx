import { createBrowserRouter } from 'react-router';

import { AppFrame } from './components/app-frame.tsx';
import { AdminPage } from './routes/admin.tsx';
import { HomePage } from './routes/home.tsx';
import { LeaguePage } from './routes/league.tsx';
import { NewsPage } from './routes/news.tsx';
import { NotFoundPage } from './routes/not-found.tsx';
import { RouteErrorPage } from './routes/route-error.tsx';
import { TransfersPage } from './routes/transfers.tsx';

export function createRouter() {
  return createBrowserRouter([
    {
      element: <AppFrame />,
      errorElement: <RouteErrorPage />,
      children: [
        { path: '/', element: <HomePage /> },
        { path: '/league/:slug', element: <LeaguePage /> },
        { path: '/news', element: <NewsPage /> },
        { path: '/transfers', element: <TransfersPage /> },
        { path: '/admin', element: <AdminPage /> },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
}
