# syntax=docker/dockerfile:1
# Touchline's container image: the built front end and the server, run by a non-root user.
#
# Base image: node:24-trixie-slim, the Node.js project's official image on Debian 13, slim.
# - Node 24 because Touchline runs on Node 24 everywhere (the `node` npm package, decision 005);
#   the image's own Node runs the server, so the final stage skips that package's download.
# - Debian because Touchline is developed and tested on Debian (glibc, its Postgres and
#   Chromium packages); slim because the server needs no compiler: no dependency is native.
# For builds that repeat exactly, pin the digest: --build-arg NODE_IMAGE=node:24-trixie-slim@sha256:…
ARG NODE_IMAGE=node:24-trixie-slim

# Build stage: every dependency, dev ones included (Vite, Tailwind, Rolldown), to build dist/ and
# .cache/.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The snapshot's files are PostgreSQL's (mode 0600): the runtime user must be able to read them.
RUN npm run build && chmod -R a+rX .cache/history

# Final stage: production dependencies, the built server and its sources (the history snapshot's
# key is read from some of them; scripts/probe.ts runs as TypeScript), the migrations, the
# historical data the replay plays and the built front end.
FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/var/lib/touchline
WORKDIR /app
COPY package.json package-lock.json ./
# --ignore-scripts: the only install script among them is the `node` package's, which would
# download a second Node 24 binary.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY drizzle ./drizzle
COPY data ./data
COPY src/domain ./src/domain
COPY src/server ./src/server
COPY scripts/probe.ts ./scripts/probe.ts
COPY --from=build /app/dist ./dist
# The built server, and the history snapshot a new data folder is copied from
# (docs/decisions/032-history-built-once.md).
COPY --from=build /app/.cache/server ./.cache/server
COPY --from=build /app/.cache/history ./.cache/history
# The embedded database (used when DATABASE_URL is unset) lives in DATA_DIR: mount a volume there.
RUN mkdir -p /var/lib/touchline && chown node:node /var/lib/touchline
USER node
EXPOSE 3000
# Liveness, not readiness: an orchestrator that restarts unhealthy containers must not restart
# every instance while the database is away, since they keep serving the last good data.
# compose.yaml checks /readyz instead, to say when an instance is ready for traffic.
HEALTHCHECK --interval=15s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "scripts/probe.ts", "/livez"]
# The server's Node flags: src/server/node-flags.ts.
CMD ["node", "--max-semi-space-size=2", "--heap-growing-percent=30", ".cache/server/main.js"]
