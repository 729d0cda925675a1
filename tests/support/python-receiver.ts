import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

/**
 * A webhook receiver as many sellers write one: Python's `http.server` (one thread, HTTP/1.0, a
 * listen queue of 5 unless `backlog` says otherwise). It answers 200 at once and prints "port N",
 * then each delivery id it received, once the answer is written to the connection.
 */
export const pythonReceiver = (backlog = 5) => `
import http.server
class Hook(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        self.rfile.read(int(self.headers.get('content-length', 0)))
        self.send_response(200)
        self.end_headers()
        print(self.headers.get('coin-market-delivery'), flush=True)
    def log_message(self, *args):
        pass
http.server.HTTPServer.request_queue_size = ${backlog}
server = http.server.HTTPServer(('127.0.0.1', 0), Hook)
print('port', server.server_address[1], flush=True)
server.serve_forever()
`;

export const PYTHON_RECEIVER = pythonReceiver();

/** Starts the receiver (for benchmarks): its port, and how often each delivery id arrived. */
export async function startPythonReceiver(backlog = 5): Promise<{ receiver: ChildProcess; port: number; received: Map<string, number> }> {
  const receiver = spawn('python3', ['-u', '-c', pythonReceiver(backlog)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const received = new Map<string, number>();
  const port = await new Promise<number>((done) => createInterface({ input: receiver.stdout! }).on('line', (line) => {
    if (line.startsWith('port ')) done(Number(line.slice(5)));
    else received.set(line, (received.get(line) ?? 0) + 1);
  }));
  return { receiver, port, received };
}
