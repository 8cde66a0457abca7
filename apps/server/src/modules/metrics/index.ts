export { createMetrics, installMetrics, startMetricsServer, type JobState, type Metrics, type OwnMeasurements } from './metrics.ts';
