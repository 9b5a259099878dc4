# Kennel Desk: the Slack bot (and, with another command, the digest or the assistant connector).
# Node 24 runs the TypeScript sources directly (type stripping), so there is no build step.

FROM node:24-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# Production dependencies only, exactly as locked; none of them needs an install script.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force

FROM node:24-slim
ENV NODE_ENV=production \
    PORT=3000
WORKDIR /app
COPY --from=deps --chown=node:node /app/node_modules ./node_modules
COPY --chown=node:node package.json manifest.yml ./
COPY --chown=node:node src ./src
USER node
EXPOSE 3000
# /healthz answers 200 while the process runs and can recover (Socket Mode reconnecting included);
# /readyz says whether Slack is connected and the kennel API answers. Run with
# --restart unless-stopped: exit 1 (Slack unreachable, Socket Mode turned off) is worth a restart;
# exit 2 is a setting to fix in the env file.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# --production: never fall back to the local preview; missing settings stop it with exit code 2.
CMD ["node", "src/main.ts", "--production"]
