const formatter = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  timeZoneName: 'longOffset',
});

function londonOffsetMs(utcMs: number): number {
  const name =
    formatter.formatToParts(utcMs).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (match === null) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return (match[1] === '-' ? -1 : 1) * minutes * 60_000;
}

/** The UTC instant of a UK wall-clock date and time (GMT or BST as it was that day). */
export function getUkKickoffMs(date: string, time: string | null): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = (time ?? '15:00').split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  const first = wall - londonOffsetMs(wall);
  return wall - londonOffsetMs(first);
}
