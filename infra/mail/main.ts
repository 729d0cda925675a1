/** `tsx infra/mail/main.ts`: the local SMTP catcher on SMTP_PORT (default 1025) with its inbox on HTTP_PORT (default 1080). */
import { startMailCatcher } from './catcher.js';
import { startConfig } from '../config/load.js';

const { config } = startConfig('mail-catcher');
const catcher = await startMailCatcher({ smtpPort: config.SMTP_PORT, httpPort: config.HTTP_PORT });
console.log(JSON.stringify({ msg: 'mail catcher listening', smtpUrl: catcher.smtpUrl, inboxUrl: catcher.inboxUrl }));
const stop = () => void catcher.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
