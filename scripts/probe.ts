// The container health check: exits 0 when the Touchline in this container answers 200 on the
// path given (`node scripts/probe.ts /livez` or `/readyz`), 1 otherwise. Node's own fetch, so
// the image needs no curl. Usage by the Dockerfile's HEALTHCHECK and compose.yaml.
const path = process.argv[2] ?? '/livez';
const https = process.env.TLS_CERT !== undefined && process.env.TLS_CERT !== '';
// Over HTTPS the certificate names the public host, never 127.0.0.1: only this one request to
// the process's own port skips its check.
if (https) process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
const url = `${https ? 'https' : 'http'}://127.0.0.1:${process.env.PORT ?? '3000'}${path}`;

try {
  const response = await fetch(url, { signal: AbortSignal.timeout(4000) });
  process.exit(response.status === 200 ? 0 : 1);
} catch {
  process.exit(1);
}
