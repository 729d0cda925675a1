/**
 * The database proxy of `npm run chaos` as its own process (so the driver can SIGKILL it): forwards
 * PROXY_PORT to PROXY_TARGET (host:port). Killed, every connection through it drops at once, as when
 * the network or a database front dies.
 */
import { connect, createServer } from 'node:net';

const [host, port] = process.env.PROXY_TARGET!.split(':') as [string, string];
const server = createServer((client) => {
  const upstream = connect(Number(port), host);
  const end = () => { client.destroy(); upstream.destroy(); };
  client.on('error', end).on('close', end);
  upstream.on('error', end).on('close', end);
  client.pipe(upstream);
  upstream.pipe(client);
});
server.listen(Number(process.env.PROXY_PORT), '127.0.0.1', () => console.log('proxy listening'));
