/** The support tool's entry in the image (`node dist/support.js <command>`): the environment only, no local-stack file. */
import { main } from './cli.js';

process.exitCode = await main(process.argv.slice(2), process.env, { log: (t) => console.log(t), error: (t) => console.error(t) });
