import { PRODUCT_LINES, type TProductLine } from '@farha/contracts/plain/catalog';
import {
  instantToAlgiersLocal,
  PROMOTION_COMPANY_SCOPES,
  PROMOTION_FUNDERS,
  PROMOTION_KINDS,
  PROMOTION_SCOPES,
  type TPromotion,
  type TPromotionCompanyScope,
  type TPromotionFunder,
  type TPromotionKind,
  type TPromotionScope,
} from '@farha/contracts/promotions';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { ApiError } from '@/lib/api';
import { useTranslation } from '@/lib/i18n-react';
import { localized } from '@/lib/localized';
import { toast } from '@/lib/toast';
import { usePromotionBoxes, usePromotionCompanies, useSavePromotion } from './api';
import { promotionsMessage, usePromotionsT, type PromotionsT } from './i18n';

/** The form's fields, as typed (numbers are texts until sent); the API's names so that its errors land on them. */
type Values = {
  name: string;
  kind: TPromotionKind;
  /** Percent (« 12,5 ») or dinars. */
  value: string;
  scope: TPromotionScope;
  productLines: TProductLine[];
  boxIds: string[];
  startsAt: string;
  endsAt: string;
  minAmount: string;
  firstPurchaseOnly: boolean;
  oncePerCustomer: boolean;
  usageLimit: string;
  budgetDzd: string;
  budgetUses: string;
  fundedBy: TPromotionFunder;
  /** Percent of each discount the partners pay (« 50 »). */
  partnerShareBp: string;
  /** docs/product/promotions.md §13: whether company orders take its codes, and which companies. */
  companies: TPromotionCompanyScope;
  companyIds: string[];
  code: string;
};
type FieldName = Exclude<keyof Values, 'firstPurchaseOnly' | 'oncePerCustomer'>;
type Errors = Partial<Record<FieldName | 'form', string>>;
const FIELDS: readonly string[] = ['name', 'kind', 'value', 'scope', 'productLines', 'boxIds', 'startsAt', 'endsAt', 'minAmount', 'usageLimit', 'budgetDzd', 'budgetUses', 'fundedBy', 'partnerShareBp', 'companies', 'companyIds', 'code'];

/** « 12,5 » → 1250 basis points; null when it is not a number. */
const percentToBp = (text: string) => {
  const n = Number(text.trim().replace(',', '.'));
  return text.trim() === '' || !Number.isFinite(n) ? null : Math.round(n * 100);
};
const bpToPercent = (bp: number) => String(bp / 100).replace('.', ',');
/** An integer typed in a field; '' is null (no limit), anything else not a whole number is NaN for the server to refuse. */
const intOrNull = (text: string) => (text.trim() === '' ? null : Number(text.trim().replace(/\s/g, '')));

function initial(p: TPromotion | null): Values {
  if (p) {
    return {
      name: p.name,
      kind: p.kind,
      value: p.kind === 'percent' ? bpToPercent(p.value) : String(p.value),
      scope: p.scope,
      productLines: p.productLines,
      boxIds: p.boxIds,
      startsAt: p.startsAtAlgiers,
      endsAt: p.endsAtAlgiers ?? '',
      minAmount: String(p.minAmount),
      firstPurchaseOnly: p.firstPurchaseOnly,
      oncePerCustomer: p.oncePerCustomer,
      usageLimit: p.usageLimit === null ? '' : String(p.usageLimit),
      budgetDzd: p.budgetDzd === null ? '' : String(p.budgetDzd),
      budgetUses: p.budgetUses === null ? '' : String(p.budgetUses),
      fundedBy: p.fundedBy,
      partnerShareBp: p.partnerShareBp === 0 ? '' : bpToPercent(p.partnerShareBp),
      companies: p.companies,
      companyIds: p.companyIds,
      code: p.publicCode ?? '',
    };
  }
  // A new promotion starts at the next whole hour, Algiers time (docs/product/promotions.md §1).
  const start = instantToAlgiersLocal(new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000));
  return {
    name: '',
    kind: 'percent',
    value: '',
    scope: 'order',
    productLines: [],
    boxIds: [],
    startsAt: start,
    endsAt: '',
    minAmount: '0',
    firstPurchaseOnly: false,
    oncePerCustomer: false,
    usageLimit: '',
    budgetDzd: '',
    budgetUses: '',
    fundedBy: 'farha',
    partnerShareBp: '',
    companies: 'none',
    companyIds: [],
    code: '',
  };
}

/** The request body (the server checks every rule again: docs/product/promotions.md §8), or the fields it cannot be built from. */
function toBody(v: Values, t: PromotionsT): { body: Record<string, unknown> } | { errors: Errors } {
  const errors: Errors = {};
  const value = v.kind === 'percent' ? percentToBp(v.value) : intOrNull(v.value);
  if (value === null || Number.isNaN(value)) errors.value = t('form.notANumber');
  const share = v.fundedBy === 'shared' ? percentToBp(v.partnerShareBp) : 0;
  if (share === null) errors.partnerShareBp = t('form.notANumber');
  if (Object.keys(errors).length > 0) return { errors };
  return {
    body: {
      name: v.name,
      kind: v.kind,
      value,
      scope: v.scope,
      productLines: v.scope === 'product_lines' ? v.productLines : [],
      boxIds: v.scope === 'boxes' ? v.boxIds : [],
      startsAt: v.startsAt,
      endsAt: v.endsAt === '' ? null : v.endsAt,
      minAmount: intOrNull(v.minAmount) ?? 0,
      firstPurchaseOnly: v.firstPurchaseOnly,
      oncePerCustomer: v.oncePerCustomer,
      usageLimit: intOrNull(v.usageLimit),
      budgetDzd: intOrNull(v.budgetDzd),
      budgetUses: intOrNull(v.budgetUses),
      fundedBy: v.fundedBy,
      partnerShareBp: share,
      companies: v.companies,
      companyIds: v.companies === 'chosen' ? v.companyIds : [],
    },
  };
}

/** Create or edit a promotion (issue 35): every field the API takes, its errors on their fields. */
export function PromotionForm({ promotion, onClose }: { promotion: TPromotion | null; onClose: () => void }) {
  const { t, locale } = usePromotionsT();
  const { t: tr } = useTranslation();
  const [values, setValues] = useState<Values>(() => initial(promotion));
  const [errors, setErrors] = useState<Errors>({});
  const save = useSavePromotion();
  const boxes = usePromotionBoxes();
  const [companySearch, setCompanySearch] = useState('');
  const companies = usePromotionCompanies(companySearch.trim(), values.companies === 'chosen');
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => (e[key as FieldName] || e.form ? { ...e, [key]: undefined, form: undefined } : e));
  };
  const toggle = <T extends string>(list: T[], item: T) => (list.includes(item) ? list.filter((x) => x !== item) : [...list, item]);

  const submit = () => {
    const built = toBody(values, t);
    if ('errors' in built) {
      setErrors(built.errors);
      return;
    }
    const body = built.body;
    const code = values.code.trim();
    const request = promotion ? { id: promotion.id, patch: body } : { id: null, promotion: { ...body, ...(code ? { code } : {}) } };
    save.mutate(request as Parameters<typeof save.mutate>[0], {
      onSuccess: () => {
        toast.success(promotion ? t('form.updated') : t('form.created'));
        onClose();
      },
      onError: (error) => {
        const field = error instanceof ApiError ? error.field : undefined;
        const message = promotionsMessage(error);
        setErrors(field && FIELDS.includes(field) ? { [field]: message } : { form: message });
      },
    });
  };

  const number = (name: 'minAmount' | 'usageLimit' | 'budgetDzd' | 'budgetUses', label: string, hint: string) => (
    <Field label={label} hint={hint} error={errors[name]}>
      {(control) => <Input {...control} inputMode="numeric" dir="ltr" value={values[name]} onChange={(e) => set(name, e.target.value)} data-testid={`promotion-${name}`} />}
    </Field>
  );
  const check = (name: 'firstPurchaseOnly' | 'oncePerCustomer', label: string) => (
    <label className="flex items-start gap-3 text-sm">
      <Checkbox checked={values[name]} onCheckedChange={(c) => set(name, c === true)} data-testid={`promotion-${name}`} />
      <span>{label}</span>
    </label>
  );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl" data-testid="promotion-form">
        <DialogHeader>
          <DialogTitle>{promotion ? t('form.editTitle') : t('form.createTitle')}</DialogTitle>
          <DialogDescription>{t('form.description')}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="min-w-0 space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          {errors.form && (
            <Alert variant="error" data-testid="promotion-form-error">
              {errors.form}
            </Alert>
          )}
          <Field label={t('form.name')} hint={t('form.nameHint')} error={errors.name}>
            {(control) => <Input {...control} value={values.name} onChange={(e) => set('name', e.target.value)} maxLength={120} data-testid="promotion-name" />}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('form.kind')} error={errors.kind}>
              {(control) => (
                <NativeSelect {...control} value={values.kind} onChange={(e) => set('kind', e.target.value as TPromotionKind)} data-testid="promotion-kind">
                  {PROMOTION_KINDS.map((k) => (
                    <option key={k} value={k}>
                      {t(`form.kinds.${k}`)}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <Field label={values.kind === 'percent' ? t('form.percentValue') : t('form.fixedValue')} hint={values.kind === 'percent' ? t('form.percentHint') : undefined} error={errors.value}>
              {(control) => <Input {...control} inputMode="decimal" dir="ltr" value={values.value} onChange={(e) => set('value', e.target.value)} data-testid="promotion-value" />}
            </Field>
          </div>

          <Field label={t('form.scope')} error={errors.scope}>
            {(control) => (
              <NativeSelect {...control} value={values.scope} onChange={(e) => set('scope', e.target.value as TPromotionScope)} data-testid="promotion-scope">
                {PROMOTION_SCOPES.map((s) => (
                  <option key={s} value={s}>
                    {t(`form.scopes.${s}`)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          {values.scope === 'product_lines' && (
            <fieldset className="space-y-2" data-testid="promotion-lines">
              <legend className="text-sm font-medium">{t('form.productLines')}</legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {PRODUCT_LINES.map((line) => (
                  <label key={line} className="flex items-center gap-3 text-sm">
                    <Checkbox checked={values.productLines.includes(line)} onCheckedChange={() => set('productLines', toggle(values.productLines, line))} />
                    <span>{tr(`productLines.${line}`)}</span>
                  </label>
                ))}
              </div>
              {errors.productLines && <p className="text-sm font-medium text-destructive">{errors.productLines}</p>}
            </fieldset>
          )}
          {values.scope === 'boxes' && (
            <fieldset className="space-y-2" data-testid="promotion-boxes">
              <legend className="text-sm font-medium">{t('form.boxes')}</legend>
              {boxes.data ? (
                <div className="grid max-h-56 gap-2 overflow-y-auto rounded-lg border border-border p-3 sm:grid-cols-2">
                  {boxes.data.boxes.map((box) => (
                    <label key={box.id} className="flex min-w-0 items-center gap-3 text-sm">
                      <Checkbox checked={values.boxIds.includes(box.id)} onCheckedChange={() => set('boxIds', toggle(values.boxIds, box.id))} />
                      <span className="min-w-0 break-words">
                        {localized(box.name, box.nameAr, locale)}
                        {!box.active && <span className="text-muted-foreground"> ({t('form.inactiveBox')})</span>}
                      </span>
                    </label>
                  ))}
                </div>
              ) : (
                <p className="text-sm text-muted-foreground">{t('form.boxesLoading')}</p>
              )}
              {errors.boxIds && <p className="text-sm font-medium text-destructive">{errors.boxIds}</p>}
            </fieldset>
          )}

          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('form.startsAt')} error={errors.startsAt}>
              {(control) => <Input {...control} type="datetime-local" dir="ltr" value={values.startsAt} onChange={(e) => set('startsAt', e.target.value)} data-testid="promotion-startsAt" />}
            </Field>
            <Field label={t('form.endsAt')} hint={t('form.endsAtHint')} error={errors.endsAt}>
              {(control) => <Input {...control} type="datetime-local" dir="ltr" value={values.endsAt} onChange={(e) => set('endsAt', e.target.value)} data-testid="promotion-endsAt" />}
            </Field>
          </div>

          <div className="grid gap-4 sm:grid-cols-2">
            {number('minAmount', t('form.minAmount'), t('form.minAmountHint'))}
            {number('usageLimit', t('form.usageLimit'), t('form.limitHint'))}
            {number('budgetDzd', t('form.budgetDzd'), t('form.limitHint'))}
            {number('budgetUses', t('form.budgetUses'), t('form.limitHint'))}
          </div>
          <div className="space-y-3">
            {check('firstPurchaseOnly', t('form.firstPurchaseOnly'))}
            {check('oncePerCustomer', t('form.oncePerCustomer'))}
          </div>

          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('form.fundedBy')} error={errors.fundedBy}>
              {(control) => (
                <NativeSelect {...control} value={values.fundedBy} onChange={(e) => set('fundedBy', e.target.value as TPromotionFunder)} data-testid="promotion-fundedBy">
                  {PROMOTION_FUNDERS.map((f) => (
                    <option key={f} value={f}>
                      {t(`form.funders.${f}`)}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            {values.fundedBy === 'shared' && (
              <Field label={t('form.partnerShare')} error={errors.partnerShareBp}>
                {(control) => <Input {...control} inputMode="decimal" dir="ltr" value={values.partnerShareBp} onChange={(e) => set('partnerShareBp', e.target.value)} data-testid="promotion-partnerShare" />}
              </Field>
            )}
          </div>

          <Field label={t('form.companies')} hint={t('form.companiesHint')} error={errors.companies}>
            {(control) => (
              <NativeSelect {...control} value={values.companies} onChange={(e) => set('companies', e.target.value as TPromotionCompanyScope)} data-testid="promotion-companies">
                {PROMOTION_COMPANY_SCOPES.map((c) => (
                  <option key={c} value={c}>
                    {t(`form.companyScopes.${c}`)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          {values.companies === 'chosen' && (
            <fieldset className="space-y-2" data-testid="promotion-company-list">
              <legend className="text-sm font-medium">{t('form.companyList', { count: values.companyIds.length })}</legend>
              <Input
                type="search"
                value={companySearch}
                onChange={(e) => setCompanySearch(e.target.value)}
                placeholder={t('form.companySearch')}
                aria-label={t('form.companySearch')}
                data-testid="promotion-company-search"
              />
              {companies.data ? (
                companies.data.companies.length === 0 ? (
                  <p className="text-sm text-muted-foreground">{t('form.noCompany')}</p>
                ) : (
                  <div className="grid max-h-56 gap-2 overflow-y-auto rounded-lg border border-border p-3 sm:grid-cols-2">
                    {companies.data.companies.map((company) => (
                      <label key={company.id} className="flex min-w-0 items-center gap-3 text-sm">
                        <Checkbox checked={values.companyIds.includes(company.id)} onCheckedChange={() => set('companyIds', toggle(values.companyIds, company.id))} />
                        <bdi className="min-w-0 break-words">{company.name}</bdi>
                      </label>
                    ))}
                  </div>
                )
              ) : (
                <p className="text-sm text-muted-foreground">{t('form.boxesLoading')}</p>
              )}
              {errors.companyIds && <p className="text-sm font-medium text-destructive">{errors.companyIds}</p>}
            </fieldset>
          )}

          <Field label={t('form.code')} hint={promotion ? t('form.codeReadonly') : t('form.codeHint')} error={errors.code}>
            {(control) => (
              <Input
                {...control}
                dir="ltr"
                autoCapitalize="characters"
                value={values.code}
                readOnly={promotion !== null}
                onChange={(e) => set('code', e.target.value.toUpperCase())}
                maxLength={40}
                data-testid="promotion-code"
              />
            )}
          </Field>

          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="promotion-save">
              {promotion ? t('form.save') : t('form.create')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
