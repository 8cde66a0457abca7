import { useId, type ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { Checkbox } from './checkbox';
import { Label } from './label';

/**
 * A box a form is not sent without (a consent): the boolean field `name` of a react-hook-form form, its label
 * beside it and its error below, announced with the box.
 */
export function ConsentField<T extends FieldValues>(props: { control: Control<T>; name: FieldPath<T>; label: ReactNode; error: string | undefined; testId: string }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="flex items-start gap-3">
      <Controller
        control={props.control}
        name={props.name}
        render={({ field }) => (
          <Checkbox
            id={id}
            name={props.name}
            data-testid={props.testId}
            checked={field.value === true}
            onCheckedChange={(checked) => field.onChange(checked === true)}
            onBlur={field.onBlur}
            ref={field.ref}
            aria-invalid={props.error ? true : undefined}
            aria-describedby={props.error ? errorId : undefined}
            className="mt-0.5"
          />
        )}
      />
      <div className="grid gap-1">
        <Label htmlFor={id} className="cursor-pointer font-normal leading-snug">
          {props.label}
        </Label>
        {props.error && (
          <p id={errorId} className="text-sm font-medium text-destructive">
            {props.error}
          </p>
        )}
      </div>
    </div>
  );
}
