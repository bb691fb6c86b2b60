import { render as renderBare, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import type { Prediction } from '../../domain/prediction.ts';
import { PredictionCard } from './prediction-card.tsx';

/** The card links its pick to the match page: it is drawn inside a router. */
const render = (card: ReactElement) => renderBare(<MemoryRouter>{card}</MemoryRouter>);

const prediction = (fields: Partial<Prediction> = {}): Prediction => ({
  id: 1,
  match_id: 10,
  model_name: 'Poisson xG',
  pick: 'Inter to win',
  confidence_pct: 72,
  rationale: 'Inter have won 8 of their last 10 at home.',
  created_at: '2026-11-21T12:00:00.000Z',
  ...fields,
});

const bar = () => screen.getByTestId('confidence-bar');

describe('PredictionCard', () => {
  it('shows the model name, the pick and the rationale', () => {
    render(<PredictionCard prediction={prediction()} />);

    expect(screen.getByText('Poisson xG')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Inter to win' })).toBeTruthy();
    expect(screen.getByText('Inter have won 8 of their last 10 at home.')).toBeTruthy();
  });

  it('names its match, with kick-off in the site time zone, and links to its page', () => {
    render(
      <PredictionCard
        prediction={prediction({
          match: {
            home: 'Inter',
            away: 'AC Milan',
            kickoff: '2026-11-22T19:45:00.000Z',
            league_slug: 'serie-a',
          },
        })}
      />,
    );

    const heading = screen.getByRole('heading', { name: 'Inter v AC Milan' });
    expect(heading.querySelector('a')?.getAttribute('href')).toBe('/match/10-inter-v-ac-milan');
    expect(screen.getByText('Inter to win')).toBeTruthy();
    // 19:45 UTC is 21:45 in the site's default zone (GMT+2).
    expect(screen.getByText('Nov 22, 21:45').getAttribute('datetime')).toBe(
      '2026-11-22T19:45:00.000Z',
    );
  });

  it.each([null, ''])('shows no rationale when it is %j', (rationale) => {
    const { container } = render(<PredictionCard prediction={prediction({ rationale })} />);

    expect(screen.getByRole('heading', { name: 'Inter to win' })).toBeTruthy();
    expect(container.querySelectorAll('p')).toHaveLength(1);
  });

  it('draws a confidence bar as wide as confidence_pct, and says the value', () => {
    render(<PredictionCard prediction={prediction({ confidence_pct: 72 })} />);

    expect(bar().style.width).toBe('72%');
    const meter = screen.getByRole('meter', { name: 'Poisson xG confidence' });
    expect(meter.getAttribute('aria-valuenow')).toBe('72');
    expect(screen.getByText('72%')).toBeTruthy();
  });

  it.each([
    [85, 'bg-success'],
    [80, 'bg-success'],
    [79, 'bg-accent'],
    [70, 'bg-accent'],
    [60, 'bg-accent'],
    [59, 'bg-muted'],
    [40, 'bg-muted'],
  ])('colours a confidence of %i with %s', (confidence_pct, colour) => {
    render(<PredictionCard prediction={prediction({ confidence_pct })} />);

    const classes = Array.from(bar().classList);
    expect(classes).toContain(colour);
    expect(classes.filter((c) => ['bg-success', 'bg-accent', 'bg-muted'].includes(c))).toEqual([
      colour,
    ]);
    expect(bar().style.width).toBe(`${confidence_pct}%`);
  });

  it.each([
    [120, '100%'],
    [-5, '0%'],
    [Number.NaN, '0%'],
  ])('keeps a bar for a confidence of %s inside the card (%s)', (confidence_pct, width) => {
    render(<PredictionCard prediction={prediction({ confidence_pct })} />);

    expect(bar().style.width).toBe(width);
  });
});
