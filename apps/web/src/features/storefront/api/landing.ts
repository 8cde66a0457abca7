import type { TLocale } from '@farha/contracts/auth';
import type { TAdminLanding } from '@farha/contracts/catalog-admin';
// Types only from the schemas' modules: the storefront reads these answers without zod (lib/api.ts).
import type { TLandingConfig, TLandingContent, TLandingResponse, TNewsletterResponse } from '@farha/contracts/landing';
import { defaultLandingContent, LANDING_PREVIEW_MESSAGE, LANDING_PREVIEW_READY, resolveLanding } from '@farha/contracts/plain/landing';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import { useTranslation } from '@/lib/i18n-react';
import { useSearchParams } from 'react-router';
import { api } from '@/lib/api';

/** docs/product/storefront.md §3: the homepage reads the published landing configuration, or the defaults if that fails. */
export function useLanding(locale: TLocale) {
  const query = useQuery({
    queryKey: ['landing', locale],
    queryFn: ({ signal }) => api.get<TLandingResponse>(`/api/landing?locale=${locale}`, { signal }),
    staleTime: 5 * 60_000,
    retry: 1,
  });
  const fallback = useMemo<TLandingResponse>(
    () => ({ ...defaultLandingContent(locale), source: 'default', updatedAt: null }),
    [locale],
  );
  return { landing: query.data ?? fallback, isLoading: query.isPending, isFallback: !query.data };
}

export function useSubscribeNewsletter() {
  return useMutation({
    mutationFn: (input: { email: string; locale: TLocale }) =>
      api.post<TNewsletterResponse>('/api/newsletter', input),
  });
}

/**
 * The landing editor's preview (`/?preview=draft`, catalogue staff): the configuration the editor posts
 * to this frame as it is edited, else the saved draft (or the published version), in the frame's language
 * (Arabic texts left empty show the French, as on the live homepage). Null when not previewing.
 */
export function useLandingPreview(enabled: boolean): TLandingContent | null {
  const { i18n } = useTranslation();
  const locale: TLocale = i18n.resolvedLanguage === 'ar' ? 'ar' : 'fr';
  const [posted, setPosted] = useState<TLandingConfig | null>(null);
  const saved = useQuery({
    queryKey: ['landing', 'preview'],
    // Someone not signed in as catalogue staff just sees the live homepage (no session-expired prompt).
    queryFn: ({ signal }) => api.get<TAdminLanding>('/api/admin/landing', { signal, ignoreSessionExpiry: true }),
    enabled,
    retry: false,
  });
  useEffect(() => {
    if (!enabled) return;
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: string; config?: TLandingConfig } | null;
      if (event.origin === window.location.origin && data?.type === LANDING_PREVIEW_MESSAGE && data.config) setPosted(data.config);
    };
    window.addEventListener('message', onMessage);
    if (window.parent !== window) window.parent.postMessage({ type: LANDING_PREVIEW_READY }, window.location.origin);
    return () => window.removeEventListener('message', onMessage);
  }, [enabled]);
  const config = posted ?? saved.data?.draft ?? saved.data?.published ?? null;
  return useMemo(() => (enabled && config ? resolveLanding(config, locale) : null), [enabled, config, locale]);
}

/**
 * The landing configuration's theme as the storefront's CSS variables (every public page, header
 * included): the published colours, or the draft's in the editor's preview frame. Dark mode keeps its
 * own palette.
 */
export function useStorefrontThemeStyle(): CSSProperties | undefined {
  const { i18n } = useTranslation();
  const { landing } = useLanding(i18n.resolvedLanguage === 'ar' ? 'ar' : 'fr');
  const [params] = useSearchParams();
  const draft = useLandingPreview(params.get('preview') === 'draft');
  const colours = draft?.theme ?? (landing.source === 'published' ? landing.theme : null);
  if (!colours) return undefined;
  // The same markup whatever the visitor's theme (the server draws the page without knowing it, and hydration
  // keeps the server's attributes): styles.css applies these colours in the light theme only.
  return {
    '--landing-primary': colours.primary,
    '--landing-secondary': colours.secondary,
    '--landing-accent': colours.accent,
  } as CSSProperties;
}
