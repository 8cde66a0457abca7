import type * as Catalogue from '@farha/contracts/plain/errors';

/**
 * The error catalogue of the contracts (ADR 006: every code with its French and Arabic, about 9 KB
 * compressed) loads apart from the storefront's first pages, which show no error until a call fails
 * (issue 15). It is loaded before a failed call's ApiError reaches the page (lib/api.ts), with every page
 * that has forms (app/router.tsx) and with the feature namespaces that read it at load; lib/i18n.ts falls
 * back to the server's French or the generic message while it is not there.
 */
export type ErrorCatalogue = typeof Catalogue;

let loaded: ErrorCatalogue | null = null;
let loading: Promise<ErrorCatalogue> | null = null;

/** The catalogue, or null while it is not loaded yet. */
export function errorCatalogue(): ErrorCatalogue | null {
  return loaded;
}

/** Loads the catalogue once (again after a failed attempt, e.g. offline). */
export function loadErrorCatalogue(): Promise<ErrorCatalogue> {
  loading ??= import('@farha/contracts/plain/errors').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}
