import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { FavouriteButton } from './favourite-button.tsx';
import { FavouritesAnnouncer } from './favourites-announcer.tsx';

const arsenal = { key: 'arsenal', name: 'Arsenal' };

const pressed = (button: HTMLElement) => button.getAttribute('aria-pressed');

describe('FavouriteButton', () => {
  it('is a toggle button named after what a press does', async () => {
    const user = userEvent.setup();
    render(<FavouriteButton club={arsenal} />);
    const add = screen.getByRole('button', { name: 'Add Arsenal to my clubs' });
    expect(pressed(add)).toBe('false');
    await user.click(add);
    const remove = screen.getByRole('button', { name: 'Remove Arsenal from my clubs' });
    expect(pressed(remove)).toBe('true');
  });

  it('works from the keyboard, with Enter and with Space', async () => {
    const user = userEvent.setup();
    render(<FavouriteButton club={arsenal} />);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button'));
    await user.keyboard('{Enter}');
    expect(pressed(screen.getByRole('button'))).toBe('true');
    await user.keyboard(' ');
    expect(pressed(screen.getByRole('button'))).toBe('false');
  });

  it('announces the change in a polite live region', async () => {
    const user = userEvent.setup();
    render(
      <>
        <FavouriteButton club={arsenal} />
        <FavouritesAnnouncer />
      </>,
    );
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');
    await user.click(screen.getByRole('button'));
    expect(region.textContent).toBe('Arsenal added to my clubs');
    await user.click(screen.getByRole('button'));
    expect(region.textContent).toBe('Arsenal removed from my clubs');
  });

  it('updates every star of the same club at once, and only those', async () => {
    const user = userEvent.setup();
    render(
      <>
        <FavouriteButton club={arsenal} />
        <FavouriteButton club={{ key: 'arsenal', name: 'Arsenal FC' }} tone="dark" labelled />
        <FavouriteButton club={{ key: 'chelsea', name: 'Chelsea' }} />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Add Arsenal to my clubs' }));
    expect(pressed(screen.getByRole('button', { name: 'Remove Arsenal FC from my clubs' }))).toBe(
      'true',
    );
    expect(pressed(screen.getByRole('button', { name: 'Add Chelsea to my clubs' }))).toBe('false');
  });

  it('keeps the words it shows inside its name', () => {
    render(<FavouriteButton club={arsenal} labelled />);
    const button = screen.getByRole('button', { name: /my clubs/i });
    expect(button.textContent).toBe('My clubs');
    expect(button.getAttribute('aria-label')?.toLowerCase()).toContain('my clubs');
  });
});
