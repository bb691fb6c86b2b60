// The operator's kit: compose.yaml runs Postgres, Redis and two Touchline instances wired to
// them, each health-checked and locked down, with passwords from the operator's .env;
// .env.example lists exactly the variables Touchline and compose.yaml read; the build context
// leaves secrets out; the image's health check answers as the probes do. Where Docker Compose is
// installed, compose.yaml is read as Compose itself resolves it (`docker compose config`);
// elsewhere, as written, with its ${…} variables filled in as Compose fills them.
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
  user?: string;
  command?: string[] | string;
  environment?: Record<string, string | number | null>;
  env_file?: unknown;
  ports?: Port[];
  volumes?: unknown[];
  tmpfs?: string[] | string;
  read_only?: boolean;
  cap_drop?: string[];
  cap_add?: string[];
  security_opt?: string[];
  depends_on?: Record<string, { condition?: string }>;
  healthcheck?: { test?: string[] | string; disable?: boolean };
};
type ComposeModel = { services: Record<string, Service> };

/** What the operator's .env would hold: the passwords compose.yaml fills in. */
const OPERATOR_ENV = {
  POSTGRES_PASSWORD: '5f0c2a9e7b41d8363a1e0c9d4b7f2a6e8c1d3b5a7f9e0d2c',
  REDIS_PASSWORD: '9a7c5e3b1d0f2a4c6e8b0d1f3a5c7e9b2d4f6a8c0e1b3d5f',
};

const composeInstalled = spawnSync('docker', ['compose', 'version']).status === 0;
const source = composeInstalled
  ? 'as docker compose config resolves it'
  : 'as written; docker compose is not installed here';

/**
 * Compose's interpolation, in every string of the file: `${NAME}`, `${NAME:-default}` and
 * `${NAME:?error}` (unset or empty; without the colon, unset only), and `$$` for a `$`.
 */
function interpolate(value: unknown, env: Record<string, string | undefined>): unknown {
  if (typeof value === 'string') {
    return value.replace(
      /\$\$|\$\{([A-Za-z_]\w*)(?:(:?)([?-])([^}]*))?\}/g,
      (_whole, name?: string, colon?: string, operator?: string, argument?: string) => {
        if (name === undefined) return '$';
        const set = env[name];
        if (set !== undefined && !(colon === ':' && set === '')) return set;
        if (operator === '?') throw new Error(`required variable ${name}: ${argument ?? ''}`);
        return operator === '-' ? (argument ?? '') : '';
      },
    );
  }
  if (Array.isArray(value)) return value.map((item) => interpolate(item, env));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v, env)]));
  }
  return value;
}

/** compose.yaml as written: its ${…} variables left as they are. */
async function readComposeFile(): Promise<ComposeModel> {
  return parse(await readText('compose.yaml'), { merge: true }) as ComposeModel;
}

async function loadCompose(): Promise<ComposeModel> {
  if (composeInstalled) {
    const { stdout } = await run('docker', ['compose', 'config', '--format', 'json'], {
      cwd: root,
      env: { ...process.env, ...OPERATOR_ENV },
    });
    return JSON.parse(stdout) as ComposeModel;
  }
  return interpolate(await readComposeFile(), OPERATOR_ENV) as ComposeModel;
}

/** A command as a list of arguments. */
const listArguments = (command: string[] | string | undefined) =>
  typeof command === 'string' ? command.split(/\s+/) : (command ?? []);

/** The argument after `flag`, if the command has the flag. */
const readFlag = (command: string[] | string | undefined, flag: string) => {
  const args = listArguments(command);
  const at = args.indexOf(flag);
  return at === -1 ? undefined : args[at + 1];
};

/** The password part of a URL as written, ${…} and all. */
const readUrlPassword = (url: unknown) => /^[a-z]+:\/\/[^:/@]*:(.*)@[^@]*$/.exec(String(url))?.[1];

/** The variables compose.yaml fills in from the operator's .env. */
function listComposeVariables(text: string): string[] {
  return [...new Set([...text.matchAll(/\$\{([A-Za-z_]\w*)/g)].map((m) => m[1] ?? ''))].sort();
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

  it('takes the Postgres and Redis passwords from .env, required, and writes none itself', async () => {
    const file = await readComposeFile();
    const services = file.services;
    const required = (name: string) => new RegExp(`^\\$\\{${name}:\\?[^}]*\\}$`);
    const postgres = required('POSTGRES_PASSWORD');
    const redis = required('REDIS_PASSWORD');
    expect(services.postgres?.environment?.POSTGRES_PASSWORD).toMatch(postgres);
    expect(readFlag(services.redis?.command, '--requirepass')).toMatch(redis);
    expect(services.redis?.environment?.REDISCLI_AUTH).toMatch(redis);
    for (const [name, app] of Object.entries(services).filter(([, s]) => s.build !== undefined)) {
      expect(readUrlPassword(app.environment?.DATABASE_URL), name).toMatch(postgres);
      expect(readUrlPassword(app.environment?.REDIS_URL), name).toMatch(redis);
    }
    // Any other password, secret or credential in an environment is a variable too.
    for (const [name, service] of Object.entries(services)) {
      for (const [key, value] of Object.entries(service.environment ?? {})) {
        if (/PASSWORD|SECRET|AUTH|TOKEN|KEY/.test(key))
          expect(value, `${name} ${key}`).toMatch(/^\$\{/);
      }
    }
    // Compose stops while either is unset or empty.
    const { POSTGRES_PASSWORD, REDIS_PASSWORD } = OPERATOR_ENV;
    expect(() => interpolate(file, { REDIS_PASSWORD })).toThrow(/POSTGRES_PASSWORD/);
    expect(() => interpolate(file, { POSTGRES_PASSWORD, REDIS_PASSWORD: '' })).toThrow(
      /REDIS_PASSWORD/,
    );
  });

  it('asks every Redis client for the password, which REDIS_URL and the health check carry', () => {
    const redis = compose.services.redis ?? {};
    expect(readFlag(redis.command, '--requirepass')).toBe(OPERATOR_ENV.REDIS_PASSWORD);
    // redis-cli reads REDISCLI_AUTH: the password is not on the health check's command line.
    expect(redis.environment?.REDISCLI_AUTH).toBe(OPERATOR_ENV.REDIS_PASSWORD);
    expect(listArguments(redis.healthcheck?.test)).not.toContain(OPERATOR_ENV.REDIS_PASSWORD);
    for (const [name, app] of apps) {
      const url = new URL(String(app.environment?.REDIS_URL));
      expect(decodeURIComponent(url.password), name).toBe(OPERATOR_ENV.REDIS_PASSWORD);
    }
  });

  it('drops every capability and privilege gain: Postgres and Redis start as their own users', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      expect(service.cap_drop, name).toEqual(['ALL']);
      expect(service.cap_add ?? [], name).toEqual([]);
      expect(service.security_opt, name).toContain('no-new-privileges:true');
    }
    // Their entrypoints, started as root, would need capabilities to change owners and users.
    expect(compose.services.postgres?.user).toBe('postgres');
    expect(compose.services.redis?.user).toBe('redis');
  });

  it('runs every service on a read-only root file system, with a tmpfs where it writes', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      expect(service.read_only, name).toBe(true);
    }
    const tmpfs = (service: Service | undefined) => [service?.tmpfs ?? []].flat();
    for (const [name, app] of apps) expect(tmpfs(app), name).toContain('/tmp');
    expect(tmpfs(compose.services.redis)).toContain('/data');
    expect(tmpfs(compose.services.postgres)).toEqual(
      expect.arrayContaining(['/var/run/postgresql', '/tmp']),
    );
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

describe('.env.example against the configuration (src/server/config) and compose.yaml', () => {
  it('lists every variable the configuration and compose.yaml read, and no other', async () => {
    const configured = listConfigVariables();
    expect(configured).toContain('SITE_PASSWORD');
    const composed = listComposeVariables(await readText('compose.yaml'));
    const example = await readText('.env.example');
    expect(listExampleVariables(example)).toEqual(
      [...new Set([...configured, ...composed])].sort(),
    );
    // Compose's own are set, not commented: they have no default.
    for (const name of composed) expect(example).toMatch(new RegExp(`^${name}=`, 'm'));
  });
});

/**
 * Whether the build context leaves `file` out, as Docker reads .dockerignore: the last pattern
 * matching the path, or a folder above it, decides, and `!` takes a path back in.
 */
function isIgnored(patterns: string[], file: string): boolean {
  const parts = file.split('/');
  let ignored = false;
  for (const line of patterns) {
    const negated = line.startsWith('!');
    const pattern = path.posix.normalize(negated ? line.slice(1) : line).replace(/^\//, '');
    const above = parts.map((_, i) => parts.slice(0, i + 1).join('/'));
    if (above.some((candidate) => path.matchesGlob(candidate, pattern))) ignored = !negated;
  }
  return ignored;
}

describe('.dockerignore', () => {
  let patterns: string[];

  beforeAll(async () => {
    patterns = (await readText('.dockerignore'))
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'));
  });

  it.each([
    '.env',
    'src/.env.local',
    'server.pem',
    'src/server/providers/rss/fixtures/tls-test-key.pem',
    'certs/site.key',
    'keys/site.p12',
    'keys/site.pfx',
    '.npmrc',
    'scripts/.npmrc',
    '.yarnrc.yml',
    '.netrc',
    'id_rsa',
    'deploy/id_ed25519.pub',
    '.ssh/config',
    '.aws/credentials',
    '.docker/config.json',
  ])('keeps %s out of the build', (file) => {
    expect(isIgnored(patterns, file)).toBe(true);
  });

  it('sends everything the Dockerfile copies and the build reads', async () => {
    const dockerfile = await readText('Dockerfile');
    const copied = [...dockerfile.matchAll(/^COPY (?!--from)(.+) \S+$/gm)].flatMap((m) =>
      (m[1] ?? '').split(' ').filter((source) => source !== '.'),
    );
    expect(copied).toContain('package-lock.json');
    const built = ['scripts/prepare.ts', 'src/web/main.tsx', 'public', 'vite.config.ts'];
    for (const file of [...copied, ...built, 'tsconfig.json']) {
      expect(existsSync(path.join(root, file)), file).toBe(true);
      expect(isIgnored(patterns, file), file).toBe(false);
    }
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
