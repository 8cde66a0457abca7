import type { TLocale } from '@farha/contracts/auth';
import {
  defaultLandingConfig,
  ZLandingResponse,
  ZNewsletterResponse,
  type TLandingResponse,
} from '@farha/contracts/landing';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useTheme } from '@/lib/theme';
import { LANDING_PREVIEW_MESSAGE, LANDING_PREVIEW_READY, ZAdminLanding } from '@farha/contracts/catalog-admin';
import type { TLandingConfig } from '@farha/contracts/landing';
import { api } from '@/lib/api';

/** spec 01 §2: the homepage reads the published landing configuration, or the defaults if that fails. */
export function useLanding(locale: TLocale) {
  const query = useQuery({
    queryKey: ['landing', locale],
    queryFn: ({ signal }) => api.get(`/api/landing?locale=${locale}`, { schema: ZLandingResponse, signal }),
    staleTime: 5 * 60_000,
    retry: 1,
  });
  const fallback = useMemo<TLandingResponse>(
    () => ({ ...defaultLandingConfig(locale), source: 'default', updatedAt: null }),
    [locale],
  );
  return { landing: query.data ?? fallback, isLoading: query.isPending, isFallback: !query.data };
}

export function useSubscribeNewsletter() {
  return useMutation({
    mutationFn: (input: { email: string; locale: TLocale }) =>
      api.post('/api/newsletter', input, { schema: ZNewsletterResponse }),
  });
}

/**
 * The landing editor's preview (`/?preview=draft`, catalogue staff): the configuration the editor posts
 * to this frame as it is edited, else the saved draft (or the published version). Null when not previewing.
 */
export function useLandingPreview(enabled: boolean): TLandingConfig | null {
  const [posted, setPosted] = useState<TLandingConfig | null>(null);
  const saved = useQuery({
    queryKey: ['landing', 'preview'],
    // Someone not signed in as catalogue staff just sees the live homepage (no session-expired prompt).
    queryFn: ({ signal }) => api.get('/api/admin/landing', { schema: ZAdminLanding, signal, ignoreSessionExpiry: true }),
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
  if (!enabled) return null;
  return posted ?? saved.data?.draft ?? saved.data?.published ?? null;
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
  const { theme } = useTheme();
  const colours = draft?.theme ?? (landing.source === 'published' ? landing.theme : null);
  if (theme !== 'light' || !colours) return undefined;
  return {
    '--primary': colours.primary,
    '--ring': colours.primary,
    '--secondary': colours.secondary,
    '--accent': colours.accent,
  } as CSSProperties;
}
