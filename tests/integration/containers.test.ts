// The operator's kit: compose.yaml runs Postgres, Redis and two Touchline instances wired to
// them, each health-checked; .env.example lists exactly the variables Touchline reads; the
// image's health check answers as the probes do. Where Docker Compose is installed, compose.yaml
// is read as Compose itself resolves it (`docker compose config`); elsewhere, as written.
import { execFile, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

import { parseConfig } from '../../src/server/config/env.ts';
import { SERVER_ENTRY, SERVER_NODE_FLAGS } from '../../src/server/node-flags.ts';
import { createReadiness } from '../../src/server/services/readiness.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
const readText = (name: string) => readFile(path.join(root, name), 'utf8');

type Port = string | { target: number | string; published?: number | string };
type Service = {
  build?: unknown;
  image?: string;
  environment?: Record<string, string | number | null>;
  env_file?: unknown;
  ports?: Port[];
  depends_on?: Record<string, { condition?: string }>;
  healthcheck?: { test?: string[] | string; disable?: boolean };
};
type ComposeModel = { services: Record<string, Service> };

const composeInstalled = spawnSync('docker', ['compose', 'version']).status === 0;
const source = composeInstalled
  ? 'as docker compose config resolves it'
  : 'as written; docker compose is not installed here';

async function loadCompose(): Promise<ComposeModel> {
  if (composeInstalled) {
    const { stdout } = await run('docker', ['compose', 'config', '--format', 'json'], {
      cwd: root,
    });
    return JSON.parse(stdout) as ComposeModel;
  }
  return parse(await readText('compose.yaml'), { merge: true }) as ComposeModel;
}

/** "127.0.0.1:3001:3000" or Compose's long form, as numbers. */
function readPort(port: Port): { published: number; target: number } {
  if (typeof port === 'string') {
    const parts = port.split(':');
    return { published: Number(parts.at(-2)), target: Number(parts.at(-1)) };
  }
  return { published: Number(port.published), target: Number(port.target) };
}

/** The variables Touchline's configuration reads, recorded as parseConfig asks for them. */
function listConfigVariables(): string[] {
  const read = new Set<string>();
  const env = new Proxy({} as Record<string, string | undefined>, {
    get(_target, key) {
      if (typeof key === 'string') read.add(key);
      return undefined;
    },
  });
  parseConfig(env);
  return [...read].sort();
}

/** The variables .env.example lists, set (`NAME=`) or left commented (`# NAME=`). */
function listExampleVariables(text: string): string[] {
  return [...text.matchAll(/^(?:# )?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1] ?? '').sort();
}

describe(`compose.yaml, ${source}`, () => {
  let compose: ComposeModel;
  let apps: [string, Service][];

  beforeAll(async () => {
    compose = await loadCompose();
    apps = Object.entries(compose.services).filter(([, s]) => s.image === 'touchline:local');
  });

  it('runs Postgres, Redis and two Touchline instances, each on a port of its own', () => {
    expect(Object.keys(compose.services).sort()).toEqual(
      ['postgres', 'redis', ...apps.map(([name]) => name)].sort(),
    );
    expect(apps).toHaveLength(2);
    for (const [, app] of apps) expect(app.build).toBeDefined();
    const ports = apps.map(([, app]) => (app.ports ?? []).map(readPort));
    expect(ports).toEqual([
      [{ published: 3001, target: 3000 }],
      [{ published: 3002, target: 3000 }],
    ]);
  });

  it("points each instance's DATABASE_URL and REDIS_URL at the Postgres and Redis services", () => {
    const postgres = compose.services.postgres?.environment ?? {};
    for (const [name, app] of apps) {
      const env = app.environment ?? {};
      const database = new URL(String(env.DATABASE_URL));
      expect(database.protocol, name).toBe('postgres:');
      expect(database.hostname, name).toBe('postgres');
      expect(decodeURIComponent(database.username), name).toBe(postgres.POSTGRES_USER);
      expect(decodeURIComponent(database.password), name).toBe(postgres.POSTGRES_PASSWORD);
      expect(database.pathname, name).toBe(`/${String(postgres.POSTGRES_DB)}`);
      const redis = new URL(String(env.REDIS_URL));
      expect(redis.protocol, name).toBe('redis:');
      expect(redis.hostname, name).toBe('redis');
      // Listening on every interface of the container, on the port that is published.
      expect(env.HOST, name).toBe('0.0.0.0');
      expect(Number(env.PORT), name).toBe(readPort(app.ports?.[0] ?? '0').target);
      expect(app.depends_on?.postgres?.condition, name).toBe('service_healthy');
      expect(app.depends_on?.redis?.condition, name).toBe('service_healthy');
    }
  });

  it('health-checks every service, the instances on /readyz', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      expect(service.healthcheck?.disable ?? false, name).toBe(false);
      expect(service.healthcheck?.test?.length ?? 0, name).toBeGreaterThan(1);
    }
    for (const [name, app] of apps) {
      expect(app.healthcheck?.test, name).toEqual(['CMD', 'node', 'scripts/probe.ts', '/readyz']);
    }
  });
});

describe('.env.example against the configuration (src/server/config)', () => {
  it('lists every variable the configuration reads, and no other', async () => {
    const configured = listConfigVariables();
    expect(configured).toContain('SITE_PASSWORD');
    expect(listExampleVariables(await readText('.env.example'))).toEqual(configured);
  });
});

describe('the Dockerfile', () => {
  it('runs as a non-root user, with production dependencies and a health check on /livez', async () => {
    const dockerfile = await readText('Dockerfile');
    const final = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(final).toMatch(/^RUN npm ci --omit=dev\b/m);
    expect(final).toMatch(/^USER node$/m);
    expect(final).toMatch(/^\s+CMD \["node", "scripts\/probe\.ts", "\/livez"\]$/m);
    // Every file the final stage copies from the sources exists.
    const copied = [...final.matchAll(/^COPY (?!--from)(\S+) /gm)].map((m) => m[1] ?? '');
    expect(copied).toContain('scripts/probe.ts');
    for (const file of copied) expect(existsSync(path.join(root, file)), file).toBe(true);
  });

  it("starts the built server with the server's Node flags, as `npm start` does", async () => {
    const dockerfile = await readText('Dockerfile');
    const command = ['node', ...SERVER_NODE_FLAGS, SERVER_ENTRY];
    expect(dockerfile).toContain(`COPY --from=build /app/${path.dirname(SERVER_ENTRY)} `);
    expect(dockerfile).toMatch(/^CMD \[.*\]$/m);
    expect(JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)?.[1] ?? '[]')).toEqual(command);
    const { scripts } = JSON.parse(await readText('package.json')) as {
      scripts: Record<string, string>;
    };
    expect(scripts.start).toContain(command.join(' '));
  });
});

/** A port nobody listens on: the kernel's pick, released at once. */
async function findClosedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('the health check command (scripts/probe.ts)', () => {
  let t: TestApp;
  const readiness = createReadiness();
  let port: number;

  beforeAll(async () => {
    t = await createTestApp({ readiness });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
  });

  /** The probe's exit code, run as the container runs it. */
  const probe = async (pathName: string, portNumber = port) => {
    return run(process.execPath, ['scripts/probe.ts', pathName], {
      cwd: root,
      env: { ...process.env, PORT: String(portNumber), TLS_CERT: '' },
    }).then(
      () => 0,
      (error: { code?: number }) => error.code ?? -1,
    );
  };

  it('exits 0 on 200 and 1 on 503 or when nothing listens', async () => {
    expect(await probe('/livez')).toBe(0);
    expect(await probe('/readyz')).toBe(1);
    readiness.markMigrated();
    readiness.markDataLoaded();
    expect(await probe('/readyz')).toBe(0);
    expect(await probe('/livez', await findClosedPort())).toBe(1);
  });
});
