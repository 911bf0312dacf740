# syntax=docker/dockerfile:1
#
# Lar Imóveis – production image.
#   docker build -t lar-imoveis .
#   docker run -p 3000:3000 -v lar-data:/data lar-imoveis
# All data (SQLite database, photos, outbox, session secret) lives in /data.

# ── build: compile native modules, build the app, drop dev dependencies ─────
FROM node:20-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 compiles from source when no prebuilt binary matches.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# `npm install` with the lockfile (not `npm ci`): the lockfile names optional
# binaries of other platforms that some registries lack; install skips them.
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build \
  && npm prune --omit=dev --no-audit --no-fund

# ── runtime: production dependencies and the build only ──────────────────────
FROM node:20-bookworm-slim AS runtime
# No demo data (and so no demo account) in the image unless SEED_DEMO=true is passed.
ENV NODE_ENV=production \
    SEED_DEMO=false \
    PORT=3000 \
    DATA_DIR=/data \
    BUILD_DIR=/app/build
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/package.json /app/server.mjs ./
COPY --from=build /app/public ./public
# The CLI (`npm run backup`, `npm run admin:create`, `npm run db:migrate`) runs from the build.
COPY --from=build /app/scripts ./scripts
# The image's own unprivileged user ("node", uid 1000) owns /data.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node is PID 1 and server.mjs handles SIGTERM (closes the server and the database).
CMD ["node", "server.mjs"]
