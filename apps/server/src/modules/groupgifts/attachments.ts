import type { MailHooks } from '../notifications/index.ts';
import { groupCardAttachment } from './service.ts';

/** Another domain's mail hooks, with the group card attached to the messages that ask for it (`groupGiftId`). */
export function withGroupCardAttachments(hooks: MailHooks): MailHooks {
  return {
    ...hooks,
    attachments: (db, wanted, publicUrl, locale) => (wanted.groupGiftId ? groupCardAttachment(db, wanted.groupGiftId, locale) : hooks.attachments(db, wanted, publicUrl, locale)),
  };
}
