# Two stages (decision 0106): the build stage has every dependency (TypeScript, Vite...) and builds the libraries,
# the API and the panel; the runtime stage installs the API's production dependencies only and takes the built
# files. The API runs from apps/api/dist and serves the panel from apps/web/dist.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
# npm ci checks the lock against every workspace, so every workspace's package.json comes along; only the API's
# production dependencies (and the workspaces it uses: contracts, domain, gateway) are installed. The panel's
# packages are in its bundle.
COPY package.json package-lock.json ./
COPY libs/contracts/package.json libs/contracts/
COPY libs/domain/package.json libs/domain/
COPY gateway/package.json gateway/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
RUN npm ci --omit=dev --workspace apps/api --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/libs/contracts/dist libs/contracts/dist
COPY --from=build /app/libs/domain/dist libs/domain/dist
COPY --from=build /app/gateway/dist gateway/dist
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/api/migrations apps/api/migrations
COPY --from=build /app/apps/web/dist apps/web/dist
EXPOSE 3000
CMD ["node", "apps/api/dist/main.js"]
