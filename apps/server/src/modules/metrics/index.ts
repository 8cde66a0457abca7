export { createMetrics, installMetrics, startMetricsServer, type Metrics } from './metrics.ts';
