import { isRouteErrorResponse, useRouteError } from 'react-router';

/** The router's error element: status and status text, or the thrown error's message. */
export function RouteErrorPage() {
  const error = useRouteError();
  let detail: string;
  if (isRouteErrorResponse(error)) detail = `${error.status} ${error.statusText}`;
  else if (error instanceof Error) detail = error.message;
  else detail = String(error);

  return (
    <main className="mx-auto max-w-xl px-4 py-24">
      <h1 className="mb-3 text-2xl font-bold">Unexpected Application Error!</h1>
      <h2 className="font-mono text-lg text-subtle">{detail}</h2>
    </main>
  );
}
