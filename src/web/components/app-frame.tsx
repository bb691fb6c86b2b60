import type { ReactNode } from 'react';
import { Link, Outlet, ScrollRestoration } from 'react-router';

import { paths } from '../paths.ts';
import { readSiteMeta } from '../site-meta.ts';
import { FavouritesAnnouncer } from './favourites-announcer.tsx';
import { HeaderIcon } from './header-icon.tsx';
import { LeagueChips } from './league-chips.tsx';
import { SignOutButton } from './sign-out-button.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

function NewsIcon() {
  return (
    <HeaderIcon>
      <path d="M4 5h13v14H6a2 2 0 0 1-2-2V5Z" />
      <path d="M17 9h3v8a2 2 0 0 1-2 2M8 9h5M8 13h5" />
    </HeaderIcon>
  );
}

function TransfersIcon() {
  return (
    <HeaderIcon>
      <path d="M4 8h14l-4-4M20 16H6l4 4" />
    </HeaderIcon>
  );
}

const headerButton =
  'flex h-10 items-center gap-2 rounded-md px-3 text-sm font-semibold text-chalk hover:bg-pitch-light';

/** Header, league strip, page and footer around every page past the gate. */
export function AppFrame() {
  return (
    <Frame>
      <Outlet />
    </Frame>
  );
}

/**
 * The frame while the first page's module loads (the router's HydrateFallback), so the header
 * painted before the script stays on screen.
 */
export function AppFrameLoading() {
  return (
    <Frame>
      <p aria-busy="true">
        <span className="sr-only">Loading…</span>
      </p>
    </Frame>
  );
}

function Frame({ children }: { children: ReactNode }) {
  const meta = readSiteMeta();
  return (
    <div className="flex min-h-screen flex-col">
      <header className="bg-pitch text-chalk">
        <div className="mx-auto flex h-14 max-w-6xl items-center justify-between px-3">
          <Link
            to={paths.home()}
            className="flex items-center gap-2 text-lg font-bold tracking-tight"
          >
            <img src="/logo.svg" alt="" width={28} height={28} className="h-7 w-7" />
            <span>{meta.brandName}</span>
          </Link>
          <nav aria-label="Sections" className="flex items-center gap-1">
            <Link to={paths.news()} className={headerButton} aria-label="News">
              <NewsIcon />
              <span className="hidden md:inline">News</span>
            </Link>
            <Link to={paths.transfers()} className={headerButton} aria-label="Transfers">
              <TransfersIcon />
              <span className="hidden md:inline">Transfers</span>
            </Link>
            <ThemeToggle className={headerButton} />
            <SignOutButton className={headerButton} />
          </nav>
        </div>
      </header>
      {/* A new page opens at its top (and Back returns to where the reader was). */}
      <ScrollRestoration />
      <LeagueChips />
      {/* At least a screen tall, so the footer starts below the first screen: a page that comes
          in shorter or taller than its placeholder moves nothing the fan is looking at. */}
      <main className="mx-auto min-h-screen w-full max-w-6xl flex-1 px-3 py-6">{children}</main>
      <FavouritesAnnouncer />
      <SiteFooter
        brandName={meta.brandName}
        creditLine={meta.creditLine}
        replayLabel={meta.replayLabel}
      />
    </div>
  );
}

function SiteFooter(props: { brandName: string; creditLine: string; replayLabel: string }) {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-line bg-white">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-2 px-3 py-6 text-center text-sm text-subtle md:flex-row md:justify-between md:text-left">
        <div className="flex items-center gap-2 font-semibold text-ink">
          <img src="/logo.svg" alt="" width={20} height={20} className="h-5 w-5" />
          {props.brandName}
        </div>
        <p>
          © {year} {props.brandName}. All rights reserved.
        </p>
        <p>{props.creditLine}</p>
        {props.replayLabel ? <p>{props.replayLabel}</p> : null}
      </div>
    </footer>
  );
}
