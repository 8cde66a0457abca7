import { Search } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n-react';
import { useNavigate } from 'react-router';
import { paths, to } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { SearchInput } from '@/components/ui/search-input';
import { cn } from '@/lib/cn';

function useCatalogSearch(onDone?: () => void) {
  const navigate = useNavigate();
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    void navigate(query ? to.catalogSearch(query) : paths.catalog);
    onDone?.();
  };
}

/** The top bar's search: an icon that expands into a field; Enter opens /catalog?q=…. */
export function ExpandableSearch({ className }: { className?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const submit = useCatalogSearch(() => {
    setOpen(false);
    if (inputRef.current) inputRef.current.value = '';
  });

  return (
    <form role="search" onSubmit={submit} className={cn('flex items-center', className)}>
      {open && (
        <Input
          ref={inputRef}
          name="q"
          type="search"
          autoFocus
          placeholder={t('nav.searchPlaceholder')}
          aria-label={t('nav.searchLabel')}
          className="h-10 w-56 animate-fade-in lg:w-64"
          onKeyDown={(event) => {
            if (event.key === 'Escape') setOpen(false);
          }}
          onBlur={(event) => {
            const next = event.relatedTarget as Node | null;
            if (!event.currentTarget.value && !event.currentTarget.form?.contains(next)) setOpen(false);
          }}
        />
      )}
      <Button
        variant="ghost"
        size="icon"
        type={open ? 'submit' : 'button'}
        aria-label={open ? t('nav.submitSearch') : t('nav.openSearch')}
        aria-expanded={open}
        onClick={(event) => {
          if (!open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <Search aria-hidden className="size-5" />
      </Button>
    </form>
  );
}

/** The same search, always open (mobile menu). */
export function SearchField({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation();
  const submit = useCatalogSearch(onDone);
  return (
    <form role="search" onSubmit={submit}>
      <SearchInput name="q" placeholder={t('nav.searchPlaceholder')} aria-label={t('nav.searchLabel')} />
    </form>
  );
}
