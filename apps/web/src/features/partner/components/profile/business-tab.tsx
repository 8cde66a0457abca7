import { ZUpdateBusinessProfile, type TPartnerProfile, type TUpdateBusinessProfile } from '@farha/contracts/partner';
import { zodResolver } from '@hookform/resolvers/zod';
import { Building2, ExternalLink, Landmark, Scale } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useUpdateBusiness } from '../../api/profile';
import { partnerMessage, usePartnerTranslation } from '../../i18n';
import { formatPercent } from '../../lib/format';
import type { Flash } from '../flash';
import { Textarea } from '@/components/ui/textarea';
import { EditableCard, useSavedEditableForm } from './editable-card';
import { KycCard } from './kyc-card';

type OnFlash = (kind: Flash['kind'], text: string) => void;

export function BusinessTab({ profile, onFlash }: { profile: TPartnerProfile; onFlash: OnFlash }) {
  const { t, locale } = usePartnerTranslation();
  const business = profile.business;
  const isOwner = profile.me.memberRole === 'owner';
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
      <div className="lg:col-span-2">
        <BusinessInfoCard profile={profile} onFlash={onFlash} canEdit={isOwner} />
      </div>
      <div className="space-y-6">
        {/* docs/product/partners.md §4: the KYC file is the owner's; staff read its status on the partner status card. */}
        {isOwner && <KycCard />}
        <Card>
          <CardHeader className="pb-3">
            <CardTitle className="flex items-center gap-2 text-base">
              <Landmark aria-hidden className="size-5 text-primary" />
              {t('profile.business.financeTitle')}
            </CardTitle>
            <CardDescription>{t('profile.business.financeText')}</CardDescription>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-1 gap-3 text-sm">
              <Item label={t('profile.business.iban')}>
                <span className="font-mono" dir="ltr" data-testid="business-iban">
                  {business.ibanMasked ?? t('payouts.account.noIban')}
                </span>
              </Item>
              <Item label={t('profile.business.bank')}>{business.bankName ?? '—'}</Item>
              <Item label={t('profile.business.cycle')}>
                <span dir="ltr">{business.settlementCycle}</span>
              </Item>
              <Item label={t('profile.business.commission')}>
                <span data-testid="business-commission">{formatPercent(business.commissionPercent, locale, 1)}</span>
              </Item>
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader className="pb-3">
            <CardTitle className="flex items-center gap-2 text-base">
              <Scale aria-hidden className="size-5 text-primary" />
              {t('profile.business.legalTitle')}
            </CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-1 gap-3 text-sm">
              <Item label={t('profile.business.activity')}>{business.businessTypeLabel ?? '—'}</Item>
              <Item label={t('profile.business.registration')}>
                <span dir="ltr">{business.registrationNumber ?? '—'}</span>
              </Item>
              <Item label={t('profile.business.tax')}>
                <span dir="ltr">{business.taxNumber ?? '—'}</span>
              </Item>
              <Item label={t('profile.business.website')}>
                {business.website ? (
                  <a href={business.website} target="_blank" rel="noreferrer noopener" className="inline-flex items-center gap-1 text-primary hover:underline" dir="ltr">
                    {business.website.replace(/^https?:\/\//, '')}
                    <ExternalLink aria-hidden className="size-3.5" />
                  </a>
                ) : (
                  '—'
                )}
              </Item>
            </dl>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-semibold">{children}</dd>
    </div>
  );
}

function BusinessInfoCard({ profile, onFlash, canEdit }: { profile: TPartnerProfile; onFlash: OnFlash; canEdit: boolean }) {
  const { t } = usePartnerTranslation();
  const update = useUpdateBusiness();
  const business = profile.business;
  const defaults: TUpdateBusinessProfile = {
    businessName: business.businessName,
    description: business.description,
    address: business.address,
    city: business.city,
    phone: business.phone ?? '',
    email: business.email ?? '',
    website: business.website ?? '',
  };
  const { form, card } = useSavedEditableForm<TUpdateBusinessProfile>(defaults, zodResolver(ZUpdateBusinessProfile), update, onFlash);
  const { errors } = form.formState;
  const message = (text?: string) => (text ? partnerMessage(text) : undefined);

  return (
    <EditableCard
      title={t('profile.business.title')}
      icon={Building2}
      testId="business"
      canEdit={canEdit}
      {...card}
      fields={
        <>
          <Field label={t('profile.business.name')} className="sm:col-span-2" error={message(errors.businessName?.message)}>
            {(c) => <Input {...c} {...form.register('businessName')} dir="auto" />}
          </Field>
          <Field label={t('profile.business.description')} labelSuffix={t('common.optional')} className="sm:col-span-2" error={message(errors.description?.message)}>
            {(c) => <Textarea {...c} {...form.register('description')} dir="auto" rows={4} />}
          </Field>
          <Field label={t('profile.business.address')} className="sm:col-span-2" error={message(errors.address?.message)}>
            {(c) => <Input {...c} {...form.register('address')} dir="auto" autoComplete="street-address" />}
          </Field>
          <Field label={t('profile.business.city')} error={message(errors.city?.message)}>
            {(c) => <Input {...c} {...form.register('city')} dir="auto" />}
          </Field>
          <Field label={t('profile.business.phone')} labelSuffix={t('common.optional')} error={message(errors.phone?.message)}>
            {(c) => <Input {...c} {...form.register('phone')} type="tel" dir="ltr" />}
          </Field>
          <Field label={t('profile.business.email')} labelSuffix={t('common.optional')} error={message(errors.email?.message)}>
            {(c) => <Input {...c} {...form.register('email')} type="email" dir="ltr" />}
          </Field>
          <Field label={t('profile.business.website')} labelSuffix={t('common.optional')} error={message(errors.website?.message)}>
            {(c) => <Input {...c} {...form.register('website')} type="url" placeholder="https://" dir="ltr" />}
          </Field>
        </>
      }
      footer={!canEdit && <p className="mt-4 text-sm text-muted-foreground">{t('profile.business.ownerOnly')}</p>}
    >
      <div className="sm:col-span-2">
        <dt className="text-sm text-muted-foreground">{t('profile.business.name')}</dt>
        <dd className="font-medium">{business.businessName}</dd>
      </div>
      <div className="sm:col-span-2">
        <dt className="text-sm text-muted-foreground">{t('profile.business.description')}</dt>
        <dd className="whitespace-pre-line text-pretty">{business.description || '—'}</dd>
      </div>
      <div className="sm:col-span-2">
        <dt className="text-sm text-muted-foreground">{t('profile.business.address')}</dt>
        <dd className="font-medium">
          {[business.address, business.city, business.wilaya !== business.city ? business.wilaya : null].filter(Boolean).join(', ')}
        </dd>
      </div>
      <div>
        <dt className="text-sm text-muted-foreground">{t('profile.business.phone')}</dt>
        <dd className="font-medium">
          <span dir="ltr">{business.phone ?? '—'}</span>
        </dd>
      </div>
      <div>
        <dt className="text-sm text-muted-foreground">{t('profile.business.email')}</dt>
        <dd className="font-medium">
          <span dir="ltr">{business.email ?? '—'}</span>
        </dd>
      </div>
    </EditableCard>
  );
}
