# Farha: one image, the server as a plain node process (PID 1, no npm wrapper): the compiled bundle
# apps/server/dist/server.js (scripts/build.mjs, esbuild), no tsx; the seed and backup commands beside it
# (dist/seed.js, dist/backup.js, also behind npm run db:seed / db:backup / db:restore). CI builds it with
# buildah and runs it with podman (scripts/container-smoke.sh): see README "Docker".

# --- build: every dependency, then the web app (Vite) -----------------------------------------------------
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY scripts/build.mjs scripts/
COPY packages/contracts packages/contracts
COPY apps/web apps/web
COPY apps/server apps/server
RUN node scripts/build.mjs --force

# --- runtime: production dependencies of the server and contracts only ------------------------------------
FROM node:24-slim AS runtime
# glibc's malloc: a fixed mmap threshold (128 KB) and trim threshold, so that memory freed after a burst
# (argon2's hashes, a seed, a busy spell) goes back to the system (npm run bench: ≈ 50 MB less at rest).
ENV MALLOC_MMAP_THRESHOLD_=131072 \
    MALLOC_TRIM_THRESHOLD_=131072 \
    NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund --workspace @farha/server --workspace @farha/contracts \
 && npm cache clean --force
COPY packages/contracts packages/contracts
# build.mjs only finds dist/ prebuilt, for the npm scripts (db:seed, db:backup, db:restore, start).
COPY scripts/build.mjs scripts/
# The sources only for the migrations (apps/server/src/db/migrations); the server runs from dist/.
COPY apps/server/src/db/migrations apps/server/src/db/migrations
COPY --from=build /app/apps/server/dist apps/server/dist
COPY apps/server/assets apps/server/assets
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM goes straight to node: it stops accepting, finishes requests in flight and exits 0.
CMD ["node", "--max-semi-space-size=2", "--heap-growing-percent=20", "apps/server/dist/server.js"]
