# The api, worker and simulator images: one image, the command picks the process.
# Base: the current Node.js LTS (the code also runs on Node.js 20, which the development machines use).
FROM node:26-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm run build:workflows

FROM node:26-bookworm-slim
ENV NODE_ENV=production
# The worker loads the workflow code bundled at build time (no webpack run at each start).
ENV WORKFLOW_BUNDLE=/app/dist/workflow-bundle.js
WORKDIR /app
COPY package.json package-lock.json ./
# tsx runs the TypeScript sources; it is a runtime dependency, so dev dependencies stay out.
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY domain ./domain
COPY infra ./infra
COPY api ./api
COPY workflows ./workflows
COPY workers ./workers
COPY tsconfig.json ./
USER node
EXPOSE 3000
CMD ["node", "--import", "tsx", "api/main.ts"]
