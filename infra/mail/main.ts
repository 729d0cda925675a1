/** `tsx infra/mail/main.ts`: the local SMTP catcher on SMTP_PORT (default 1025) with its inbox on HTTP_PORT (default 1080). */
import { startMailCatcher } from './catcher.js';

const catcher = await startMailCatcher({ smtpPort: Number(process.env.SMTP_PORT ?? 1025), httpPort: Number(process.env.HTTP_PORT ?? 1080) });
console.log(JSON.stringify({ msg: 'mail catcher listening', smtpUrl: catcher.smtpUrl, inboxUrl: catcher.inboxUrl }));
const stop = () => void catcher.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
