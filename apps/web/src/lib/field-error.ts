import { localizeMessage } from './i18n';

/**
 * A form's `fieldError(name)`: the message react-hook-form holds for the field (a contract's catalogue key or
 * a server's text), in the active language; undefined when the field is valid.
 */
export function fieldErrorOf<N extends string>(errors: { [K in N]?: { message?: string } }): (name: N) => string | undefined {
  return (name) => {
    const message = errors[name]?.message;
    return message ? localizeMessage(message) : undefined;
  };
}
