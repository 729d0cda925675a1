# The api, worker, support and simulator image: one image, the command picks the process
# (`node dist/api.js` by default; `node dist/worker.js`, `node dist/support.js …`, `node dist/simulator.js`).
# Node.js 26, the LTS line that .nvmrc, package.json's engines and CI (scripts/node-lts.sh) also run.
FROM node:26-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The web app (dist/web), the server bundles (dist/<process>.js) and the workflow bundle (dist/workflow-bundle.js).
RUN npm run build

FROM node:26-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
# Production dependencies only: the bundles keep npm packages external (native ones cannot be bundled).
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
# Only the built artefact: no TypeScript source, no loader. The worker finds dist/workflow-bundle.js beside
# itself, the api its XLSX reader thread, and the api serves dist/web.
COPY --from=build /app/dist ./dist
USER node
EXPOSE 3000
CMD ["node", "dist/api.js"]
