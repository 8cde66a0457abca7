// Drizzle needs the whole schema in one object; this is the only aggregate module.
export * from './users.ts';
export * from './partners.ts';
export * from './catalog.ts';
export * from './commerce.ts';
export * from './vouchers.ts';
export * from './support.ts';
export * from './platform.ts';
export * from './audit.ts';
export * from './analytics.ts';
export * from './companies.ts';
export * from './sms.ts';
export * from './basket.ts';
export * from './promotions.ts';
export * from './giftcards.ts';
export * from './groupgifts.ts';
export * from './realtime.ts';
export * from './chat.ts';
