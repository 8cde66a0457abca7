/**
 * The soak's reverse proxy when Debian's Caddy is not installed: deploy/Caddyfile's rules in a few lines of
 * Node. Round robin over the instances that passed their last check of /api/health/ready (every 5 s, 3 s
 * timeout); a request that finds no instance, or whose instance refuses the connection, is tried again every
 * 250 ms for up to 15 s (lb_try_duration, lb_try_interval) before a 502. Like Caddy, a request is tried again
 * only when its instance never received it (the connection failed), so a payment is never sent twice.
 * Each answer names its instance in X-Soak-Upstream (the soak counts requests per instance by it).
 */
import http from 'node:http';

const HEALTH_INTERVAL_MS = 1_000;
const HEALTH_TIMEOUT_MS = 3_000;
const TRY_DURATION_MS = 15_000;
const TRY_INTERVAL_MS = 250;

export type Proxy = { close: () => Promise<void> };

export async function startNodeProxy(port: number, upstreams: string[]): Promise<Proxy> {
  const healthy = new Map(upstreams.map((u) => [u, false]));
  let next = 0;

  const check = async (upstream: string) => {
    try {
      const res = await fetch(`http://${upstream}/api/health/ready`, { signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) });
      await res.arrayBuffer();
      healthy.set(upstream, res.ok);
    } catch {
      healthy.set(upstream, false);
    }
  };
  const checkAll = () => Promise.all(upstreams.map(check));
  await checkAll();
  const timer = setInterval(() => void checkAll(), HEALTH_INTERVAL_MS);

  const pick = (): string | null => {
    for (let i = 0; i < upstreams.length; i++) {
      const upstream = upstreams[next++ % upstreams.length]!;
      if (healthy.get(upstream)) return upstream;
    }
    return null;
  };

  /** Sends the request to one instance; null when the connection failed before it was sent. */
  const forward = (upstream: string, req: http.IncomingMessage, body: Buffer): Promise<http.IncomingMessage | null> =>
    new Promise((resolve, reject) => {
      const [host, upstreamPort] = upstream.split(':');
      const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
      const out = http.request({ host, port: Number(upstreamPort), method: req.method, path: req.url, headers: { ...req.headers, 'x-forwarded-for': forwardedFor } }, resolve);
      out.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNREFUSED' ? resolve(null) : reject(error)));
      out.end(body);
    });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks);
        const deadline = Date.now() + TRY_DURATION_MS;
        for (;;) {
          const upstream = pick();
          const answer = upstream ? await forward(upstream, req, body).catch(() => undefined) : null;
          if (answer === undefined) break; // the instance failed mid-request: never tried again
          if (answer) {
            res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-soak-upstream': upstream! });
            answer.pipe(res);
            return;
          }
          if (upstream) healthy.set(upstream, false);
          if (Date.now() + TRY_INTERVAL_MS > deadline) break;
          await new Promise((resolve) => setTimeout(resolve, TRY_INTERVAL_MS));
        }
        if (!res.headersSent) res.writeHead(502).end();
        else res.destroy();
      })();
    });
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
