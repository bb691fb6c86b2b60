/**
 * Signs in through the real login endpoint of a running server, as the gate page does: a login
 * turned away while the server is busy (503 with Retry-After: starting, or shedding load) is sent
 * again after half a second, up to 20 times. Any other answer is the caller's to judge.
 */
export async function postLogin(baseUrl: string, password: string): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    const reply = await fetch(`${baseUrl}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ password }),
    });
    if (reply.status !== 503 || !reply.headers.has('retry-after') || attempt === 20) return reply;
    await reply.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The session cookie a login set, as `name=value` for a Cookie header. */
export function readSessionCookie(reply: Response): string {
  return (reply.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}
