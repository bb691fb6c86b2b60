import type { ReactNode } from 'react';

/** A 20 px line icon of the header's buttons, drawn in the text colour; hidden from readers. */
export function HeaderIcon({ children, round = false }: { children: ReactNode; round?: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-5 w-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      {...(round ? { strokeLinecap: 'round' } : {})}
    >
      {children}
    </svg>
  );
}
