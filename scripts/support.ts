/** `npm run support -- <command>`: the support tool (support/cli.ts). */
import { main } from '../support/cli.js';

process.exitCode = await main(process.argv.slice(2), process.env, { log: (t) => console.log(t), error: (t) => console.error(t) });
