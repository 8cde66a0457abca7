import type { Config } from '../../../config.ts';
import type { Clock } from '../../../lib/clock.ts';
import { fileCourier } from './file-courier.ts';
import type { Courier } from './types.ts';
import { yalidineCourier } from './yalidine.ts';

export { type Courier, CourierError, type CourierEvent, type CourierStatement, type ParcelInput } from './types.ts';
export { fileCourier } from './file-courier.ts';
export { mapYalidineStatus, yalidineClient, yalidineCourier, yalidineWebhookEvents, ZYalidineWebhook } from './yalidine.ts';

export type FileCourier = ReturnType<typeof fileCourier>;

/** The configured courier (COURIER): the file courier by default, Yalidine with its credentials. */
export function createCourier(config: Pick<Config, 'courier' | 'yalidine' | 'dataDir'>, clock: Clock, fetchImpl?: typeof fetch): Courier {
  if (config.courier === 'yalidine' && config.yalidine) return yalidineCourier(config.yalidine, fetchImpl);
  return fileCourier(config.dataDir, () => clock.now());
}

export function isFileCourier(courier: Courier): courier is FileCourier {
  return courier.name === 'file' && 'advance' in courier;
}
