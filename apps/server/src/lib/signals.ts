import { EventEmitter } from 'node:events';

/**
 * In-process wake-up calls between modules and workers ("an e-mail is waiting"). Workers also poll, so a
 * signal lost (or raised on another instance) only delays work by one polling interval.
 */
export const signals = new EventEmitter();
signals.setMaxListeners(50);

export const OUTBOX_ENQUEUED = 'outbox:enqueued';
