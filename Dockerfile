# syntax=docker/dockerfile:1
# The portal as a container image (README.md, "Containers"). Two stages:
# - build: every dependency (`npm ci`), then `vite build --app` → builds/client and
#   builds/server/server.js (the whole server, one module graph; docs/decisions/042).
# - runtime: production dependencies and builds/ only, run as the unprivileged `node` user with
#   plain node as PID 1 (exec form), so SIGTERM reaches the server and drains it
#   (docs/decisions/045-graceful-drain.md).
# The root postinstall would install the CMS (cms/ has its own image, cms/Dockerfile):
# PORTAL_SKIP_CMS_INSTALL=1 skips it.
# Base images are build arguments: NODE_BUILD_IMAGE (needs node and npm) for the two build stages,
# NODE_IMAGE (needs node and a `node` user) for the runtime. The defaults are the official images;
# the container test passes Debian-built stand-ins (docs/decisions/090-container-test-on-podman.md).
# npm reaches the registry through an optional build secret `npm_ca`: a CA bundle to trust in
# addition (NODE_EXTRA_CA_CERTS) for machines behind a TLS-inspecting proxy, never kept in a layer.

ARG NODE_VERSION=22
ARG NODE_BUILD_IMAGE=node:${NODE_VERSION}-bookworm-slim
ARG NODE_IMAGE=node:${NODE_VERSION}-bookworm-slim

FROM ${NODE_BUILD_IMAGE} AS build
WORKDIR /app
ENV PORTAL_SKIP_CMS_INSTALL=1 \
    NPM_CONFIG_AUDIT=false \
    NPM_CONFIG_FUND=false
# The postinstall script (scripts/install-cms.mjs) runs during `npm ci`, so scripts/ comes first.
COPY package.json package-lock.json ./
COPY scripts ./scripts
RUN --mount=type=secret,id=npm_ca \
    if [ -s /run/secrets/npm_ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/npm_ca; fi; \
    npm ci
COPY . .
RUN npx vite build --app --logLevel warn

FROM ${NODE_BUILD_IMAGE} AS production-deps
WORKDIR /app
ENV PORTAL_SKIP_CMS_INSTALL=1
COPY package.json package-lock.json ./
# No production dependency has an install script; --ignore-scripts also skips the CMS postinstall.
# --omit=optional: the only optional packages are TypeScript and React's types (23 MB), optional
# peers of i18next, react-i18next and valibot for type checking; nothing loads them at run time.
RUN --mount=type=secret,id=npm_ca \
    if [ -s /run/secrets/npm_ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/npm_ca; fi; \
    npm ci --omit=dev --omit=optional --ignore-scripts && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
# package.json: the server reads its version (and finds its root) there.
COPY --from=production-deps /app/node_modules ./node_modules
COPY package.json ./
COPY --from=build /app/builds ./builds
# builds/state holds the last known good site settings (outages); the only folder the server writes.
# Mode 1777 as well: compose.yaml mounts a tmpfs there (read-only root file system), and podman 4.3
# gives that tmpfs the image folder's mode but root as owner, ignoring the mount's own `mode=`.
RUN mkdir -p builds/state && chown node:node builds/state && chmod 1777 builds/state
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=10s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Exec form: node is PID 1 and receives SIGTERM itself (server.ts handles it; no shell in between).
CMD ["node", "builds/server/server.js"]
