import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type twilio from 'twilio';
import type { TSmsEncoding } from '@farha/contracts/plain/sms';
import type { Config } from '../../config.ts';

export type OutgoingSms = {
  /** E.164. */
  to: string;
  body: string;
  segments: number;
  encoding: TSmsEncoding;
  /** What the message is about (gift, reservation-confirmed…). */
  kind: string;
};

export type SmsProvider = {
  kind: 'file' | 'twilio';
  /**
   * A text's status once the provider took it: `sent` (Twilio; its callbacks then say `delivered` or
   * `failed`), `written` (the file provider: a file under DATA_DIR/sms, which reaches no phone; ADR 017).
   */
  acceptedStatus: 'sent' | 'written';
  /** Resolves once the provider accepted the message, with its id for the status callbacks. */
  send: (sms: OutgoingSms) => Promise<{ providerId: string }>;
};

/** ADR 013, docs/product/texts.md §7: JSON files under DATA_DIR/sms unless SMS_PROVIDER=twilio. */
export function createSmsProvider(config: Pick<Config, 'smsProvider' | 'twilio' | 'dataDir' | 'publicUrl'>): SmsProvider {
  if (config.smsProvider === 'twilio' && config.twilio) return twilioProvider(config.twilio, `${config.publicUrl}/api/sms/twilio/status`);
  return fileProvider(path.join(config.dataDir, 'sms'));
}

/** One JSON file per message: what a phone would show, with its parts and encoding. */
export function fileProvider(dir: string): SmsProvider {
  return {
    kind: 'file',
    acceptedStatus: 'written',
    send: async (sms) => {
      await fs.promises.mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.json`;
      const file = { to: sms.to, body: sms.body, segments: sms.segments, encoding: sms.encoding, kind: sms.kind };
      await fs.promises.writeFile(path.join(dir, name), `${JSON.stringify(file, null, 2)}\n`);
      return { providerId: `file:${name}` };
    },
  };
}

type TwilioConfig = NonNullable<Config['twilio']>;

/**
 * Twilio's REST API through the official SDK. TWILIO_API_URL sends its requests elsewhere (a stand-in in
 * the tests): the SDK only knows Twilio's hosts (and their region/edge variants), so its own HTTP client
 * is given a request that has its scheme, host and port replaced.
 */
function twilioProvider(settings: TwilioConfig, statusCallback: string): SmsProvider {
  // The SDK (about 20 MB once loaded) is read at the first text, not at every start.
  let client: Promise<twilio.Twilio> | undefined;
  const load = () =>
    (client ??= import('twilio').then(({ default: sdk }) => {
      const httpClient = settings.apiUrl ? rebasedRequestClient(sdk, settings.apiUrl) : undefined;
      return sdk(settings.accountSid, settings.authToken, httpClient ? { httpClient } : {});
    }));
  return {
    kind: 'twilio',
    acceptedStatus: 'sent',
    send: async (sms) => {
      const message = await (await load()).messages.create({
        to: sms.to,
        body: sms.body,
        ...(settings.messagingServiceSid ? { messagingServiceSid: settings.messagingServiceSid } : { from: settings.from! }),
        // Twilio only calls back a public https address; a local PUBLIC_URL would be refused.
        ...(statusCallback.startsWith('https://') ? { statusCallback } : {}),
      });
      return { providerId: message.sid };
    },
  };
}

function rebasedRequestClient(sdk: typeof twilio, apiUrl: string): twilio.RequestClient {
  const base = new URL(apiUrl);
  return new (class extends sdk.RequestClient {
    override request: twilio.RequestClient['request'] = (opts) => {
      const uri = new URL(opts.uri);
      const rebased = new URL(`${base.pathname.replace(/\/$/, '')}${uri.pathname}${uri.search}`, base);
      return super.request({ ...opts, uri: rebased.href });
    };
  })();
}
