// The load generators' HTTP client, shared by the benchmarks that send requests from a worker thread on the machine
// they measure (ledger transfers, the red-packet rush, the seamless wallet). node:http on kept-alive connections:
// fetch (undici) cost the load generator about two thirds of the server's own CPU per call in the seamless bench,
// taken from the same two cores as the server it measures, so the figures measured the client as much as the product.
import http from 'node:http';

/**
 * A client for one server on at most `connections` kept-alive connections. request() answers the status, the body's
 * text and the milliseconds from sending to the last byte; a connection error answers status 0 with its message,
 * so a load loop counts it instead of stopping.
 */
export function keptAliveClient(baseUrl, connections) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const { hostname, port } = new URL(baseUrl);
  const request = (method, pathname, body = '', headers = {}) =>
    new Promise((resolve) => {
      const t0 = performance.now();
      const req = http.request({ agent, hostname, port, path: pathname, method, headers: { ...headers, 'content-length': Buffer.byteLength(body) } }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text, ms: performance.now() - t0 }));
        res.on('error', (err) => resolve({ status: 0, text: String(err), ms: performance.now() - t0 }));
      });
      req.on('error', (err) => resolve({ status: 0, text: String(err), ms: performance.now() - t0 }));
      req.end(body);
    });
  return { request, close: () => agent.destroy() };
}
