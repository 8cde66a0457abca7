import { z } from 'zod';
import { zodError } from './errors.ts';

/** A free text the user must fill: trimmed, not empty (`message`, VALIDATION unless told), at most `max` characters. */
export const requiredText = (max: number, message: string = zodError('VALIDATION')) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: zodError('TEXT_TOO_LONG', { max }) });

/** A free text the user may leave out: trimmed, at most `max` characters; empty, null or absent is null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: zodError('TEXT_TOO_LONG', { max }) })
    .nullish()
    .transform((v) => (v ? v : null));
