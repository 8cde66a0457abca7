export { ADMIN_FIGURES_AUDIENCE, type Audience, EVERYONE_AUDIENCE, audienceColumns, canSee, type StreamViewer, SUPPORT_DESK_AUDIENCE } from './audience.ts';
export { publish, publishEach, MAX_PAYLOAD_BYTES } from './publish.ts';
export { purgeRealtimeEvents, REALTIME_KEEP_MS } from './purge.ts';
export { MAX_REPLAY, MAX_STREAMS_PER_INSTANCE, MAX_STREAMS_PER_USER, REALTIME_CHANNEL, type RealtimeHub, startRealtimeHub } from './hub.ts';
