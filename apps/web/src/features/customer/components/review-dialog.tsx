import { type TClientVoucher } from '@farha/contracts/customer';
import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { useReviewVoucher } from '../api/vouchers';
import { customerMessage, useCustomerT } from '../i18n';
import { Textarea } from '@/components/ui/textarea';
import { StarInput } from './star-rating';
import { errorKey } from '@farha/contracts/plain/errors';

const COMMENT_MAX = 1000;

/** After redemption, once per voucher: 1 to 5 stars and a comment (they feed the catalogue's ratings). */
export function ReviewDialog({ voucher, onOpenChange }: { voucher: TClientVoucher | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={voucher !== null} onOpenChange={onOpenChange}>
      <DialogContent data-testid="review-dialog">
        {voucher && <ReviewForm key={voucher.id} voucher={voucher} onClose={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function ReviewForm({ voucher, onClose }: { voucher: TClientVoucher; onClose: () => void }) {
  const { t } = useCustomerT();
  const review = useReviewVoucher(voucher.id);
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [ratingError, setRatingError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (rating < 1 || rating > 5) {
      setRatingError(customerMessage(errorKey('RATING')));
      return;
    }
    review.mutate(
      { rating, comment: comment.trim() || undefined },
      {
        onSuccess: (result) => {
          toast.success(customerMessage(result.message));
          onClose();
        },
        onError: (failure) => setError(customerMessage(failure)),
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{t('review.title', { box: voucher.box.name })}</DialogTitle>
        <DialogDescription>{t('review.intro')}</DialogDescription>
      </DialogHeader>
      {error && <Alert variant="error">{error}</Alert>}
      <StarInput
        value={rating}
        onChange={(next) => {
          setRating(next);
          setRatingError(undefined);
        }}
        legend={t('review.rating')}
        error={ratingError}
      />
      <Field label={t('review.comment')} labelSuffix={t('common.optional')}>
        {(control) => (
          <Textarea
            {...control}
            name="comment"
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            maxLength={COMMENT_MAX}
            rows={4}
            placeholder={t('review.commentPlaceholder')}
          />
        )}
      </Field>
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={review.isPending} data-testid="review-submit">
          {t('review.submit')}
        </Button>
      </DialogFooter>
    </form>
  );
}
