import {
  CUSTOMER_TICKET_CATEGORIES,
  CUSTOMER_TICKET_PRIORITIES,
  ZCreateTicketRequest,
} from '@farha/contracts/support';
import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api';
import { useCreateTicket } from '../api/support';
import { customerMessage, useCustomerT } from '../i18n';
import { AttachmentPicker } from '@/components/help-centre/attachment-picker';
import { useCustomerHelpTexts } from './help-centre-texts';
import { NativeSelect, SelectOptions } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { errorKey } from '@farha/contracts/plain/errors';

// docs/product/support.md §3: title and description non-blank, category and priority chosen (selects start empty).
const ZTicketForm = z.object({
  title: ZCreateTicketRequest.shape.title,
  description: ZCreateTicketRequest.shape.description,
  category: z.string().pipe(ZCreateTicketRequest.shape.category),
  priority: z.string().pipe(ZCreateTicketRequest.shape.priority),
});
type TicketFormValues = z.input<typeof ZTicketForm>;
type TicketFormOutput = z.output<typeof ZTicketForm>;

/** "Nouveau ticket": title, description, category, priority, attachments (images or PDF, 10 MB each). */
export function NewTicketForm({ onCreated }: { onCreated: (ticketId: string) => void }) {
  const { t } = useCustomerT();
  const texts = useCustomerHelpTexts();
  const create = useCreateTicket();
  const [files, setFiles] = useState<File[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<TicketFormValues, unknown, TicketFormOutput>({
    resolver: zodResolver(ZTicketForm),
    defaultValues: { title: '', description: '', category: '', priority: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const result = await create.mutateAsync({ ...values, files });
      toast.success(customerMessage(result.message));
      reset();
      setFiles([]);
      onCreated(result.ticket.id);
    } catch (error) {
      // 'Erreur lors de la création du ticket', with the server's reason when it gives one.
      const reason = error instanceof ApiError && error.status < 500 && error.status !== 0 ? customerMessage(error) : null;
      setFormError(reason ? `${customerMessage(errorKey('TICKET_CREATE_ERROR'))} : ${reason}` : customerMessage(errorKey('TICKET_CREATE_ERROR')));
    }
  });
  const message = (text: string | undefined) => (text ? customerMessage(text) : undefined);

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('support.new.title')}</CardTitle>
        <CardDescription>{t('support.new.intro')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={t('support.tabs.new')} data-testid="new-ticket-form">
          {formError && (
            <Alert variant="error" data-testid="ticket-error">
              {formError}
            </Alert>
          )}
          <Field label={t('support.new.subject')} error={message(errors.title?.message)}>
            {(c) => <Input {...c} {...register('title')} maxLength={200} placeholder={t('support.new.subjectPlaceholder')} />}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field className="content-start" label={t('support.new.category')} error={errors.category ? t('support.new.categoryRequired') : undefined}>
              {(c) => (
                <NativeSelect {...c} {...register('category')}>
                  <option value="">{t('support.new.categoryPlaceholder')}</option>
                  <SelectOptions values={CUSTOMER_TICKET_CATEGORIES} label={(category) => t(`ticketCategory.${category}`)} />
                </NativeSelect>
              )}
            </Field>
            <Field className="content-start" label={t('support.new.priority')} error={errors.priority ? t('support.new.priorityRequired') : undefined}>
              {(c) => (
                <NativeSelect {...c} {...register('priority')}>
                  <option value="">{t('support.new.priorityPlaceholder')}</option>
                  <SelectOptions values={CUSTOMER_TICKET_PRIORITIES} label={(priority) => t(`ticketPriority.${priority}`)} />
                </NativeSelect>
              )}
            </Field>
          </div>
          <Field label={t('support.new.description')} error={message(errors.description?.message)}>
            {(c) => <Textarea {...c} {...register('description')} rows={6} maxLength={5000} placeholder={t('support.new.descriptionPlaceholder')} />}
          </Field>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">
              {t('support.new.attachments')} <span className="font-normal text-muted-foreground">{t('common.optional')}</span>
            </legend>
            <AttachmentPicker texts={texts} files={files} onChange={setFiles} />
          </fieldset>
          <Button type="submit" size="lg" loading={isSubmitting} className="sm:w-fit" data-testid="ticket-submit">
            <Send aria-hidden className="rtl:-scale-x-100" />
            {t('support.new.submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
