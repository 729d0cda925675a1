/**
 * A name server for one name, on a UDP port of this machine: what Docker's resolver is to the
 * compose service `api` (every replica's address), for a test that runs the production Caddyfile's
 * discovery (`dynamic a`) in front of replicas on 127.0.0.x. A and AAAA queries only, no recursion.
 */
import { createSocket } from 'node:dgram';

export interface NameServer { address: string; close(): Promise<void> }

const A = 1;
const IN = 1;

/** Answers `name`'s A query with `ipv4s` (and its AAAA query with none); any other name does not exist. */
export async function serveName(name: string, ipv4s: string[]): Promise<NameServer> {
  const socket = createSocket('udp4');
  socket.on('message', (query, peer) => {
    if (query.length < 12) return;
    // The question: labels up to a zero byte, then type and class.
    let at = 12;
    const labels: string[] = [];
    while (at < query.length && query[at] !== 0) {
      labels.push(query.subarray(at + 1, at + 1 + query[at]!).toString('ascii'));
      at += 1 + query[at]!;
    }
    const questionEnd = at + 5;
    if (questionEnd > query.length) return;
    const type = query.readUInt16BE(at + 1);
    const known = labels.join('.').toLowerCase() === name.toLowerCase();
    const answers = known && type === A ? ipv4s : [];
    const header = Buffer.alloc(12);
    query.copy(header, 0, 0, 2); // the query's id
    header.writeUInt16BE(0x8180 | (known ? 0 : 3), 2); // a response, recursion available; NXDOMAIN for another name
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    const records = answers.map((ip) => {
      const r = Buffer.alloc(16);
      r.writeUInt16BE(0xc00c, 0); // the name, pointing at the question's
      r.writeUInt16BE(A, 2);
      r.writeUInt16BE(IN, 4);
      r.writeUInt32BE(1, 6); // TTL 1 s: a replica's address is looked up again, as Docker's answers are
      r.writeUInt16BE(4, 10);
      ip.split('.').forEach((octet, i) => r.writeUInt8(Number(octet), 12 + i));
      return r;
    });
    socket.send(Buffer.concat([header, query.subarray(12, questionEnd), ...records]), peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
