import { errorKey } from '@farha/contracts/plain/errors';
import type { UseMutationResult } from '@tanstack/react-query';
import { Pencil, type LucideIcon } from 'lucide-react';
import { useState, type FormEventHandler, type ReactNode } from 'react';
import { useForm, type FieldValues, type Resolver } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { partnerMessage, usePartnerTranslation } from '../../i18n';
import type { Flash } from '../flash';

/**
 * A profile card (docs/product/partners.md §7) that lists its facts and, after "Modifier", shows its form instead: the
 * title, the edit button (`<testId>-edit`, for those who `canEdit`), the form (`<testId>-form`) with its
 * fields then Cancel and Save (`<testId>-save`), and the facts as a description list.
 */
export function EditableCard(props: {
  title: string;
  icon?: LucideIcon;
  testId: string;
  canEdit?: boolean;
  editing: boolean;
  onEdit: () => void;
  onCancel: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  saving: boolean;
  fields: ReactNode;
  /** The facts: `<div><dt/><dd/></div>` items. */
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = usePartnerTranslation();
  const Icon = props.icon;
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2 space-y-0">
        <CardTitle className={Icon ? 'flex items-center gap-2 text-base' : 'text-base'}>
          {Icon && <Icon aria-hidden className="size-5 text-primary" />}
          {props.title}
        </CardTitle>
        {(props.canEdit ?? true) && !props.editing && (
          <Button variant="outline" size="sm" onClick={props.onEdit} data-testid={`${props.testId}-edit`}>
            <Pencil aria-hidden />
            {t('common.edit')}
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {props.editing ? (
          <form noValidate onSubmit={props.onSubmit} className="grid grid-cols-1 gap-4 sm:grid-cols-2" data-testid={`${props.testId}-form`}>
            {props.fields}
            <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
              <Button type="button" variant="outline" onClick={props.onCancel}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={props.saving} data-testid={`${props.testId}-save`}>
                {t('common.save')}
              </Button>
            </div>
          </form>
        ) : (
          <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">{props.children}</dl>
        )}
        {props.footer}
      </CardContent>
    </Card>
  );
}

/**
 * The form of an EditableCard and whether it is shown; `card` gives the card its editing state, its edit
 * button and a Cancel that puts the saved values back.
 */
export function useEditableForm<T extends FieldValues>(defaults: T, resolver: Resolver<T>) {
  const [editing, setEditing] = useState(false);
  const form = useForm<T>({ resolver, values: defaults });
  const card = {
    editing,
    onEdit: () => setEditing(true),
    onCancel: () => {
      form.reset(defaults);
      setEditing(false);
    },
  };
  return { form, setEditing, card };
}

/**
 * useEditableForm, saved by `save` (a mutation answering a message): `onSubmit` sends the valid values; the
 * answer's message is flashed and the card shows its facts again, or the error is flashed and the form stays.
 */
export function useSavedEditableForm<T extends FieldValues>(
  defaults: T,
  resolver: Resolver<T>,
  save: Pick<UseMutationResult<{ message: string }, Error, T>, 'mutate' | 'isPending'>,
  onFlash: (kind: Flash['kind'], text: string) => void,
) {
  const { form, setEditing, card } = useEditableForm(defaults, resolver);
  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (answer) => {
        onFlash('success', partnerMessage(answer.message));
        setEditing(false);
      },
      onError: (error) => onFlash('error', partnerMessage(error, errorKey('PROFILE_SAVE_ERROR'))),
    }),
  );
  return { form, card: { ...card, onSubmit, saving: save.isPending } };
}
