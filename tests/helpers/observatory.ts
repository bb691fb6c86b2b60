// Grades the HTTPS listener offline, as research/reliability.md §3 and §7 describe: a throw-away
// CA and `localhost` certificate made with openssl, the MDN HTTP Observatory scanner run against
// the real server, and Google's CSP Evaluator run on the Content-Security-Policy it serves.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import https from 'node:https';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

import { CspEvaluator } from 'csp_evaluator/dist/evaluator.js';
import { Severity } from 'csp_evaluator/dist/finding.js';
import { CspParser } from 'csp_evaluator/dist/parser.js';
import { z } from 'zod';

import { makeCertificates, type Certificates } from './certificates.ts';
import { startServer, type RunningServer } from './e2e-server.ts';

export type HttpsServer = {
  server: RunningServer;
  /** `localhost:<port>`, the name the certificate is for. */
  target: string;
  certificates: Certificates;
  stop: () => Promise<void>;
};

/**
 * The real server process over HTTPS (TLS_CERT and TLS_KEY) on a free port, with a throw-away
 * data folder and certificates. It trusts the test CA too, so it can fetch its own demo feeds.
 */
export async function startHttpsServer(): Promise<HttpsServer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'touchline-tls-'));
  try {
    const certificates = await makeCertificates(dir);
    const server = await startServer({
      TLS_CERT: certificates.cert,
      TLS_KEY: certificates.key,
      NODE_EXTRA_CA_CERTS: certificates.ca,
    });
    const url = new URL(server.url);
    if (url.protocol !== 'https:') throw new Error(`server printed ${server.url}, not https`);
    return {
      server,
      target: `localhost:${url.port}`,
      certificates,
      stop: async () => {
        await server.stop();
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

/** The observatory package's folder, symlinks resolved. */
async function findObservatoryDir(): Promise<string> {
  const require = createRequire(import.meta.url);
  return path.dirname(await realpath(require.resolve('@mdn/mdn-http-observatory/package.json')));
}

/**
 * The package's postinstall downloads the HSTS preload list and the TLD list; it is denied
 * (package.json allowScripts), so the two files it would write are stubbed: nothing is
 * preloaded, and the TLDs cover the names scanned here.
 */
export async function writeObservatoryStubs(): Promise<void> {
  const conf = path.join(await findObservatoryDir(), 'conf');
  const stubs: Record<string, string> = {
    'hsts-preload.json': '{}',
    'tld-list.json': JSON.stringify(['com', 'org', 'net', 'localhost']),
  };
  for (const [name, text] of Object.entries(stubs)) {
    try {
      await writeFile(path.join(conf, name), `${text}\n`, { flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

const ObservatoryReport = z.object({
  scan: z.object({
    grade: z.string(),
    score: z.number(),
    testsPassed: z.number(),
    testsQuantity: z.number(),
  }),
  tests: z.record(
    z.string(),
    z.object({ pass: z.boolean().nullable(), result: z.string(), scoreModifier: z.number() }),
  ),
});
export type ObservatoryReport = z.infer<typeof ObservatoryReport>;

/**
 * Runs the scanner's own `src/scan.js` on `target` (host:port), trusting `caFile`. The package's
 * `bin` wrapper is not used: it overwrites NODE_EXTRA_CA_CERTS with Mozilla's bundle.
 */
export async function scanWithObservatory(
  target: string,
  caFile: string,
): Promise<ObservatoryReport> {
  await writeObservatoryStubs();
  const scanJs = path.join(await findObservatoryDir(), 'src', 'scan.js');
  const child = spawn(process.execPath, [scanJs, target], {
    env: { ...process.env, NODE_EXTRA_CA_CERTS: caFile },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  let json: unknown;
  try {
    json = JSON.parse(stdout);
  } catch {
    throw new Error(`observatory scan printed no JSON (exit ${String(code)}):\n${stdout}${stderr}`);
  }
  if (typeof json === 'object' && json !== null && 'error' in json) {
    throw new Error(`observatory scan failed: ${String(json.error)}`);
  }
  return ObservatoryReport.parse(json);
}

export type CspFinding = {
  severity: number;
  /** HIGH, SYNTAX, MEDIUM, HIGH_MAYBE, STRICT_CSP, MEDIUM_MAYBE or INFO. */
  severityName: string;
  directive: string;
  value: string | undefined;
  description: string;
};

/** Google's CSP Evaluator on one policy, findings most severe first. */
export function evaluateCsp(policy: string): CspFinding[] {
  const findings = new CspEvaluator(new CspParser(policy).csp).evaluate();
  return findings
    .map((finding) => ({
      severity: finding.severity,
      severityName: Severity[finding.severity] ?? String(finding.severity),
      directive: finding.directive,
      value: finding.value,
      description: finding.description,
    }))
    .sort((a, b) => a.severity - b.severity);
}

/** Findings at or above this severity (HIGH = 10, SYNTAX = 20) fail the grade. */
export const CSP_FAILING_SEVERITY: number = Severity.SYNTAX;

/**
 * What keeps the listener from the target (SECURITY-TARGETS.md §7): a grade below A+, a failed
 * test, or a CSP finding of severity HIGH or SYNTAX. Empty when it passes.
 */
export function listHeaderProblems(report: ObservatoryReport, findings: CspFinding[]): string[] {
  const problems: string[] = [];
  if (report.scan.grade !== 'A+') {
    problems.push(`grade ${report.scan.grade} (${report.scan.score}), not A+`);
  }
  for (const [name, test] of Object.entries(report.tests)) {
    if (test.pass !== true) problems.push(`test ${name} failed: ${test.result}`);
  }
  for (const finding of findings) {
    if (finding.severity <= CSP_FAILING_SEVERITY) {
      problems.push(`CSP ${finding.severityName} in ${finding.directive}: ${finding.description}`);
    }
  }
  return problems;
}

export type HttpsAnswer = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
};

/** One HTTPS request trusting `caFile` (fetch cannot be given a CA without undici). */
export async function requestHttps(
  url: string,
  caFile: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<HttpsAnswer> {
  const ca = await readFile(caFile, 'utf8');
  return new Promise((resolve, reject) => {
    const request = https.request(url, {
      method: options.method ?? 'GET',
      headers: options.headers,
      ca,
      agent: false,
      timeout: 10_000,
    });
    request.once('timeout', () => request.destroy(new Error(`${url} timed out`)));
    request.once('error', reject);
    request.once('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.once('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
      );
      response.once('error', reject);
    });
    request.end(options.body);
  });
}
