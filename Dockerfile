# syntax=docker/dockerfile:1
# The portal as a container image (README.md, "Containers"). Two stages:
# - build: every dependency (`npm ci`), then `vite build --app` → builds/client and
#   builds/server/server.js (the whole server, one module graph; docs/decisions/042).
# - runtime: production dependencies and builds/ only, run as the unprivileged `node` user with
#   plain node as PID 1 (exec form), so SIGTERM reaches the server and drains it
#   (docs/decisions/045-graceful-drain.md).
# The root postinstall would install the CMS (cms/ has its own image, cms/Dockerfile):
# PORTAL_SKIP_CMS_INSTALL=1 skips it.

ARG NODE_VERSION=22

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
ENV PORTAL_SKIP_CMS_INSTALL=1 \
    NPM_CONFIG_AUDIT=false \
    NPM_CONFIG_FUND=false
# The postinstall script (scripts/install-cms.mjs) runs during `npm ci`, so scripts/ comes first.
COPY package.json package-lock.json ./
COPY scripts ./scripts
RUN npm ci
COPY . .
RUN npx vite build --app --logLevel warn

FROM node:${NODE_VERSION}-bookworm-slim AS production-deps
WORKDIR /app
ENV PORTAL_SKIP_CMS_INSTALL=1
COPY package.json package-lock.json ./
# No production dependency has an install script; --ignore-scripts also skips the CMS postinstall.
RUN npm ci --omit=dev --ignore-scripts && npm cache clean --force

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
# package.json: the server reads its version (and finds its root) there.
COPY --from=production-deps /app/node_modules ./node_modules
COPY package.json ./
COPY --from=build /app/builds ./builds
# builds/state holds the last known good site settings (outages); the only folder the server writes.
RUN mkdir -p builds/state && chown node:node builds/state
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Exec form: node is PID 1 and receives SIGTERM itself (server.ts handles it; no shell in between).
CMD ["node", "builds/server/server.js"]
