import { z } from 'zod';
import { ROLES } from './plain/roles.ts';

// Everything but the schema lives in ./plain/roles.ts, which the web app's first load imports without zod.
export * from './plain/roles.ts';
export const ZRole = z.enum(ROLES);
