// Throw-away TLS certificates made with openssl: a CA that lives for one run and a certificate
// it signed, for the tests that speak HTTPS to a server of their own.
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';

export type Certificates = { ca: string; cert: string; key: string };

/** A CA that lives for one run and a `localhost` (and 127.0.0.1) certificate it signed. */
export async function makeCertificates(dir: string): Promise<Certificates> {
  const file = (name: string) => path.join(dir, name);
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  // prettier-ignore
  await runOpenssl(dir, [
    'req', '-x509', ...ec, '-days', '1', '-subj', '/CN=Touchline throw-away test CA',
    '-keyout', file('ca-key.pem'), '-out', file('ca.pem'),
    '-addext', 'basicConstraints=critical,CA:TRUE',
    '-addext', 'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  // prettier-ignore
  await runOpenssl(dir, [
    'req', ...ec, '-subj', '/CN=localhost',
    '-keyout', file('key.pem'), '-out', file('localhost.csr'),
  ]);
  await writeFile(
    file('localhost.ext'),
    [
      'subjectAltName = DNS:localhost, IP:127.0.0.1',
      'basicConstraints = CA:FALSE',
      'keyUsage = critical, digitalSignature',
      'extendedKeyUsage = serverAuth',
    ].join('\n'),
  );
  // prettier-ignore
  await runOpenssl(dir, [
    'x509', '-req', '-in', file('localhost.csr'), '-days', '1',
    '-CA', file('ca.pem'), '-CAkey', file('ca-key.pem'), '-CAcreateserial',
    '-extfile', file('localhost.ext'), '-out', file('cert.pem'),
  ]);
  return { ca: file('ca.pem'), cert: file('cert.pem'), key: file('key.pem') };
}

function runOpenssl(cwd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('openssl', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`openssl ${args[0] ?? ''} failed (${String(code)}):\n${stderr}`)),
    );
  });
}
