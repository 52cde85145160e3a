# Production image of the site (README "Production start" and "Backups"):
#   docker build -t cobinet .
#   docker run -p 3000:3000 -v cobinet-data:/data -e APP_URL=https://… -e SESSION_SECRET=… cobinet
# The command is node itself, not npm: `docker stop` sends SIGTERM straight to the server, which
# finishes in-flight requests and exits within SHUTDOWN_GRACE_MS (below Docker's 10 s before SIGKILL).
FROM node:20-bookworm-slim
# pg_dump / pg_restore for `npm run backup` and `npm run restore` with DATABASE_URL.
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-client && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev
ENV NODE_ENV=production DATA_DIR=/data PORT=3000 SHUTDOWN_GRACE_MS=8000
VOLUME /data
EXPOSE 3000
STOPSIGNAL SIGTERM
CMD ["node", "--max-semi-space-size=32", "server.js"]
