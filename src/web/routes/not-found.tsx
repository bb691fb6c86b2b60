import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';

import { paths } from '../paths.ts';

export function NotFoundPage() {
  const { pathname } = useLocation();
  useEffect(() => {
    // The specification asks for the unknown path in the console, for support.
    console.log(`404 Error: User attempted to access non-existent route: ${pathname}`);
  }, [pathname]);

  return (
    <section className="flex flex-col items-center justify-center py-24 text-center">
      <h1 className="mb-2 text-5xl font-bold">404</h1>
      <p className="mb-6 text-xl text-subtle">Oops! Page not found</p>
      <Link to={paths.home()} className="font-semibold text-pitch underline underline-offset-4">
        Return to Home
      </Link>
    </section>
  );
}
