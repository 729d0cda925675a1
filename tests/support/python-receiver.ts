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
