import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent, type ComponentProps } from 'react';
import { formatDay } from '@/lib/dates';
import { useTranslation } from '@/lib/i18n-react';
import { Input } from './input';

/**
 * Issue 34: a day picked with the browser's native date field (`<input type="date">`), which writes it in the
 * browser's own language and order (« 12/05/2026 » on an Arabic page), also read out below in the page's
 * language through lib/dates (« السبت 5 ديسمبر 2026 », « samedi 5 décembre 2026 »). Controlled (`value`) or
 * registered with react-hook-form (`ref`, `onChange`, a value set through the ref).
 */
export function DayInput({ ref, value, defaultValue, onChange, 'aria-describedby': describedBy, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage === 'ar' ? 'ar' : 'fr';
  const readingId = useId();
  const node = useRef<HTMLInputElement | null>(null);
  const [typed, setTyped] = useState(() => (typeof defaultValue === 'string' ? defaultValue : ''));
  const day = typeof value === 'string' ? value : typed;
  // A registered field gets its value through its ref (a draft restored, a reset): read once drawn.
  useEffect(() => {
    if (value === undefined && node.current) setTyped(node.current.value);
  }, [value]);
  const setRef = useCallback(
    (element: HTMLInputElement | null) => {
      node.current = element;
      if (typeof ref === 'function') ref(element);
      else if (ref) ref.current = element;
    },
    [ref],
  );
  const reading = /^\d{4}-\d{2}-\d{2}$/.test(day) ? formatDay(day, locale, { weekday: true }) : '';
  return (
    <>
      <Input
        {...props}
        ref={setRef}
        type="date"
        value={value}
        defaultValue={defaultValue}
        aria-describedby={[describedBy, reading ? readingId : undefined].filter(Boolean).join(' ') || undefined}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          setTyped(event.currentTarget.value);
          onChange?.(event);
        }}
      />
      {reading && (
        <p id={readingId} className="text-sm font-medium text-muted-foreground" aria-live="polite" data-testid="day-reading">
          {reading}
        </p>
      )}
    </>
  );
}
