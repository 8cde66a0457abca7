// Issue 37, group gifts (docs/product/group-gifts.md): the only writer of group_gifts and group_gift_contributions.
export {
  cancelGroupGift,
  chooseForGroupGift,
  closeGroupGifts,
  contribute,
  contributionReceipt,
  createGroupGift,
  fulfilGroupContribution,
  groupCardAttachment,
  groupCardPdfForOrganiser,
  groupGiftByToken,
  groupGiftForOrganiser,
  listGroupGifts,
  remindContributors,
} from './service.ts';
export { payGroupGiftRefunds } from './refunds.ts';
export { groupGiftFigures } from './figures.ts';
export { withGroupCardAttachments } from './attachments.ts';
