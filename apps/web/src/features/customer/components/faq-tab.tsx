import {  } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { useFaqView } from '@/components/help-centre/faq-api';
import type { FaqApi, FaqTexts } from '@/components/help-centre/faq';
import { FaqList } from '@/components/help-centre/faq-list';
import { Button } from '@/components/ui/button';
import { SearchInput } from '@/components/ui/search-input';
import { useFaq, useFaqVote } from '../api/support';
import { customerMessage, useCustomerT, type CustomerKey } from '../i18n';

export function useFaqCategoryLabel() {
  const { t } = useCustomerT();
  return (category: string) => {
    const key = `support.faqCategories.${category}` as CustomerKey;
    const label = t(key);
    return label === key ? category.charAt(0).toUpperCase() + category.slice(1) : label;
  };
}

const CUSTOMER_FAQ: FaqApi = { useView: useFaqView, useVote: useFaqVote };

interface FaqTabProps {
  /** Entry to open on arrival (`?faq=<id>`, a shared link). */
  initialOpenId: string | null;
  onAskUs: () => void;
}

/** FAQ and guides: entries from the API, views counted on opening, one helpfulness vote per user. */
export function FaqTab({ initialOpenId, onAskUs }: FaqTabProps) {
  const { t } = useCustomerT();
  const categoryLabel = useFaqCategoryLabel();
  const faqTexts: FaqTexts = { t: (key, options) => t(`support.${key}`, options), category: categoryLabel, message: customerMessage };
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query.trim());
  const [category, setCategory] = useState('');
  const faq = useFaq(deferredQuery, category);

  return (
    <div className="grid gap-4" data-testid="faq-tab">
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center">
        <SearchInput
          id="faq-search"
          name="faqSearch"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t('support.faq.searchPlaceholder')}
          aria-label={t('support.faq.searchLabel')}
        />
      </div>
      <FaqList
        faq={faq}
        category={category}
        onCategory={setCategory}
        api={CUSTOMER_FAQ}
        texts={faqTexts}
        labels={{
          categories: t('support.faq.category'),
          allCategories: t('support.faq.allCategories'),
          loadError: t('support.faq.loadError'),
          retry: t('common.retry'),
          empty: t('support.faq.empty'),
          emptyHint: t('support.faq.emptyHint'),
        }}
        openId={initialOpenId}
        share={{
          url: (id) => `${window.location.origin}${window.location.pathname}?${new URLSearchParams({ tab: 'faq', faq: id })}`,
          label: t('support.faq.share'),
          copied: t('support.faq.linkCopied'),
          failed: t('common.copyFailed'),
        }}
        emptyAction={<Button onClick={onAskUs}>{t('support.faq.askUs')}</Button>}
      />
    </div>
  );
}
