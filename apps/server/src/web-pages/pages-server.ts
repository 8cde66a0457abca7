import type { LightMyRequestResponse } from 'fastify';
import type { findActiveBox } from '../modules/catalog/index.ts';

/** What the catalogue's functions are given: the database and the clock's time. */
export type CatalogContext = Parameters<typeof findActiveBox>[0];

/**
 * What the pages need of the server they are part of (routes/public/web-app.ts gives it): its public
 * address, the catalogue, and its own answers, asked as a browser would (`app.inject`).
 */
export interface PagesServer {
  /** PUBLIC_URL, without a trailing slash. */
  publicUrl: string;
  /** A context for the catalogue's functions, at the clock's time of the call. */
  catalog: () => CatalogContext;
  /** `GET url` of the API, asking for JSON. */
  api: (url: string) => Promise<LightMyRequestResponse>;
  /** `GET url` of a file (a picture), as the browser asks for it. */
  file: (url: string) => Promise<LightMyRequestResponse>;
}
