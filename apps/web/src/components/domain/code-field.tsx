import { useId, useState, type ReactNode } from 'react';
import { X, type LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Price } from '@/components/domain/price';
import type { QuotedCode } from '@/lib/quoted-code';

export interface CodeFieldProps {
  field: QuotedCode<{ code: string }>;
  /** The input's name and the prefix of the parts' test ids (`promo` → promo-input, promo-apply…). */
  name: string;
  testId: string;
  icon: LucideIcon;
  words: { label: string; placeholder: string; apply: string; remove: string };
  /** What the applied code reads as (« Code BIENVENUE appliqué », « Carte cadeau CC-…-WXYZ »). */
  applied(code: string): ReactNode;
  /** The refusal in the active language (the catalogue's message by its code). */
  message(error: unknown): string;
}

/**
 * Issue 35: a code typed at checkout with « Appliquer » (« Code promo », « Carte cadeau »), on the single box's
 * checkout and the basket; a refused code shows the catalogue's message under the field; an applied one can
 * be removed.
 */
export function CodeField({ field, name, testId, icon: Icon, words, applied, message }: CodeFieldProps) {
  const [code, setCode] = useState('');
  const id = useId();
  const errorId = `${id}-error`;
  const hasError = field.error !== null && field.error !== undefined;

  if (field.applied) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-success/40 bg-success/10 px-3 py-2 text-sm" data-testid={`${testId}-applied`}>
        <span className="flex min-w-0 items-center gap-2 font-semibold">
          <Icon aria-hidden className="size-4 shrink-0 text-success" />
          <span className="min-w-0 break-words">{applied(field.applied.code)}</span>
        </span>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={() => {
            field.remove();
            setCode('');
          }}
          data-testid={`${testId}-remove`}
        >
          <X aria-hidden />
          {words.remove}
        </Button>
      </div>
    );
  }

  const submit = () => {
    if (code.trim()) void field.apply(code);
  };
  return (
    <div className="grid gap-1.5" data-testid={`${testId}-field`}>
      <label htmlFor={id} className="text-sm font-semibold">
        {words.label}
      </label>
      <div className="flex gap-2">
        <Input
          id={id}
          name={name}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          onKeyDown={(event) => {
            // Inside the checkout's form: Enter applies the code instead of paying.
            if (event.key === 'Enter') {
              event.preventDefault();
              submit();
            }
          }}
          placeholder={words.placeholder}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          dir="ltr"
          className="min-w-0"
          aria-invalid={hasError ? true : undefined}
          aria-describedby={hasError ? errorId : undefined}
          data-testid={`${testId}-input`}
        />
        <Button type="button" variant="outline" onClick={submit} loading={field.pending} disabled={!code.trim()} data-testid={`${testId}-apply`}>
          {words.apply}
        </Button>
      </div>
      {hasError && (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive" data-testid={`${testId}-error`}>
          {message(field.error)}
        </p>
      )}
    </div>
  );
}

/** A summary's line taken off the total (« Réduction BIENVENUE −x DA », « Carte cadeau −x DA »), in dinars and the display currency. */
export function DeductionLine({ label, amount, testId, code }: { label: string; amount: number; testId: { line: string; amount: string }; code?: string }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-sm" data-testid={testId.line} data-code={code}>
      <span className="font-semibold text-success">{label}</span>
      {/* The sign first in the reading order of either language: « −1 400 DA », « دج 1 400 − » right to left. */}
      <span className="inline-flex items-baseline gap-0.5 font-semibold text-success">
        <span>−</span>
        <Price dzd={amount} testId={testId.amount} />
      </span>
    </div>
  );
}
