// Child process: the load generator, so that it does not share the server's event loop. Every request
// says what a browser says (Accept-Encoding), so the catalogue answers as it does to the storefront.
import autocannon from 'autocannon';

// `plain` as the fourth argument: a client that takes no compression (no Accept-Encoding at all).
const [url, duration, connections, encoding] = process.argv.slice(2);
const result = await autocannon({
  url: url!,
  duration: Number(duration ?? 5),
  connections: Number(connections ?? 50),
  pipelining: 1,
  // As a browser asks: compressed answers when the server has them.
  headers: encoding === 'plain' ? {} : { 'accept-encoding': 'br, gzip' },
});
process.stdout.write(
  JSON.stringify({ rps: result.requests.average, requests: result.requests.total, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx }),
);
