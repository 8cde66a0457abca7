// Child process: the load generator, so that it does not share the server's event loop.
import autocannon from 'autocannon';

const [url, duration, connections] = process.argv.slice(2);
const result = await autocannon({
  url: url!,
  duration: Number(duration ?? 5),
  connections: Number(connections ?? 50),
  pipelining: 1,
});
process.stdout.write(
  JSON.stringify({ rps: result.requests.average, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx }),
);
