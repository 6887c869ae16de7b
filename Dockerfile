# syntax=docker/dockerfile:1
# agent-search: build with the dev toolchain, run with production dependencies only, as a non-root user.
# Node 24: the current LTS (package.json `engines` and the README's "Supported Node" say what else runs it).
ARG NODE_VERSION=24

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY scripts/build.ts ./scripts/build.ts
COPY src ./src
RUN npm run build

# The bundled fake Slack workspace for `docker compose --profile demo` (target `demo`): run from source with
# the dev toolchain. The production stage below never contains it.
FROM build AS demo
COPY fake-slack ./fake-slack
ENV FAKE_SLACK_HOST=0.0.0.0
CMD ["npx", "tsx", "fake-slack/serve.ts"]

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
# The image's own unprivileged user; the app only reads /app.
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node is PID 1 and gets `docker stop`'s SIGTERM itself; the server closes gracefully (SHUTDOWN_GRACE_MS).
CMD ["node", "dist/server.js"]
