import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startProcess } from '../../infra/dev-services/process.js';

describe('a server process started by npm start', () => {
  // A SIGKILLed FerretDB closed its stdout before its stderr had finished: the shared log was ended
  // by the first stream and the second one's next line threw "write after end", which ended npm start.
  it('keeps every line of a server that closes its stdout and goes on writing to stderr', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'server-log-'));
    const logFile = join(dir, 'ferretdb.log');
    const late = 'i=0; while [ $i -lt 40 ]; do echo "late $i" >&2; sleep 0.02; i=$((i+1)); done';
    const proc = startProcess('sh', ['-c', `echo first; exec >&-; ${late}`], logFile);
    expect(await proc.exited).toBe(0);
    await proc.stop();
    await proc.logged;
    const lines = readFileSync(logFile, 'utf8').trim().split('\n');
    expect(lines).toContain('first');
    expect(lines).toContain('late 0');
    expect(lines).toContain('late 39');
  });
});
