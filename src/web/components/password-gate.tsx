import { useEffect, useRef, useState, type FormEvent } from 'react';

import { API_DOCS_PAGE } from '../../domain/api/docs.ts';
import { ApiError } from '../api/client.ts';
import { gateStore } from '../api/gate-store.ts';
import { useCreateSession } from '../api/session.ts';
import { reloadPage } from '../page-reload.ts';
import { readSiteMeta } from '../site-meta.ts';

export const WRONG_PASSWORD_MESSAGE = 'Incorrect password. Please try again.';

/** The shared-password gate shown before any page until the server accepts the password. */
export function PasswordGate() {
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState('');
  const session = useCreateSession();
  const { brandName } = readSiteMeta();
  // The field is all the page asks for: it has the focus from the start.
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMessage('');
    session.mutate(password, {
      // The API docs are the server's page, not the app's: loaded again, now with the cookie.
      onSuccess: () =>
        window.location.pathname === API_DOCS_PAGE ? reloadPage() : gateStore.unlock(),
      onError: (error) => {
        setPassword('');
        field.current?.focus();
        if (error instanceof ApiError && error.status === 401) setMessage(WRONG_PASSWORD_MESSAGE);
        else setMessage(error.message || 'Something went wrong. Please try again.');
      },
    });
  };

  return (
    <main className="flex min-h-screen items-center justify-center bg-pitch px-4">
      <form
        onSubmit={submit}
        className="w-full max-w-sm rounded-2xl bg-white p-6 shadow-xl"
        aria-labelledby="gate-title"
      >
        <div className="mb-5 flex items-center gap-3">
          <img src="/logo.svg" alt="" width={40} height={40} className="h-10 w-10" />
          <div>
            <h1 id="gate-title" className="text-xl font-bold">
              {brandName}
            </h1>
            <p className="text-sm text-subtle">Enter the site password to continue.</p>
          </div>
        </div>
        <label htmlFor="site-password" className="mb-1 block text-sm font-semibold">
          Password
        </label>
        <input
          ref={field}
          id="site-password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-describedby="gate-message"
          className="mb-3 h-11 w-full rounded-md border border-line px-3 text-base"
        />
        <p id="gate-message" role="alert" className="mb-3 min-h-5 text-sm font-medium text-live">
          {message}
        </p>
        <button
          type="submit"
          disabled={session.isPending}
          className="h-11 w-full rounded-md bg-pitch font-semibold text-chalk hover:bg-pitch-light disabled:opacity-60"
        >
          {session.isPending ? 'Checking…' : 'Enter'}
        </button>
      </form>
    </main>
  );
}
