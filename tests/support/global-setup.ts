import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startDevServices } from '../../infra/dev-services/index.js';
import { bundleWorkflows } from '../../workers/worker.js';
import { startMailCatcher } from '../../infra/mail/catcher.js';

declare module 'vitest' {
  export interface ProvidedContext {
    mongoUri: string;
    temporalAddress: string;
    temporalUiUrl: string | null;
    workflowBundlePath: string;
    dataRoot: string;
    /** The run's SMTP catcher: send to smtpUrl, read at mailInboxUrl/api/messages. */
    smtpUrl: string;
    mailInboxUrl: string;
  }
}

/** Starts real MongoDB and Temporal once for the whole run, and bundles the workflows once. */
export default async function setup(project: TestProject) {
  const dataRoot = resolve('.data', `test-${process.pid}`);
  mkdirSync(dataRoot, { recursive: true });
  const t0 = Date.now();
  // Test data is deleted after the run: PostgreSQL may skip waiting for each commit's disk flush.
  const services = await startDevServices({ dataDir: dataRoot, scratch: true });
  const mail = await startMailCatcher();
  // The app's workflows and the test-only ones (tests/support/workflows): production bundles workflows/index.ts alone.
  const bundle = await bundleWorkflows(fileURLToPath(new URL('./workflows/index.ts', import.meta.url)));
  const workflowBundlePath = join(dataRoot, 'workflow-bundle.js');
  writeFileSync(workflowBundlePath, 'code' in bundle ? bundle.code : '');
  console.log(`[tests] real servers ready in ${Date.now() - t0} ms`);

  project.provide('mongoUri', services.mongo.uri);
  project.provide('temporalAddress', services.temporal.address);
  project.provide('temporalUiUrl', services.temporal.uiUrl);
  project.provide('workflowBundlePath', workflowBundlePath);
  project.provide('dataRoot', dataRoot);
  project.provide('smtpUrl', mail.smtpUrl);
  project.provide('mailInboxUrl', mail.inboxUrl);

  return async () => {
    await mail.close();
    await services.stop();
    rmSync(dataRoot, { recursive: true, force: true });
  };
}
