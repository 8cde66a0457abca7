import { cn } from '@/lib/cn';

/** A row of filter chips over a list (the current one pressed), with a count each; wraps on a phone. */
export function Chips<T extends string>(props: { value: T; options: { value: T; label: string; count?: number; testId?: string }[]; onChange: (v: T) => void; label: string }) {
  return (
    <div role="group" aria-label={props.label} className="flex flex-wrap gap-2">
      {props.options.map((o) => (
        <button
          key={o.value}
          type="button"
          aria-pressed={props.value === o.value}
          onClick={() => props.onChange(o.value)}
          data-testid={o.testId}
          className={cn(
            'rounded-full border px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
            props.value === o.value ? 'border-primary bg-primary text-primary-foreground' : 'border-border bg-card hover:bg-muted',
          )}
        >
          {o.label}
          {o.count !== undefined && <span className="ms-1.5 tabular-nums">{o.count}</span>}
        </button>
      ))}
    </div>
  );
}
