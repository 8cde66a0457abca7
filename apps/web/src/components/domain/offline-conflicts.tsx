import type { TOfflineConflictPage } from '@farha/contracts/offline';
import type { TErrorCode } from '@farha/contracts/plain/errors';
import { useInfiniteQuery } from '@tanstack/react-query';
import { CircleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { api } from '@/lib/api';
import { formatShortDateTime } from '@/lib/dates';
import { currentLocale, errorMessage, errorTextOf } from '@/lib/i18n';

/** The words of the list, from the feature that shows it (finance's back office, the support portal). */
export type OfflineConflictWord = 'title' | 'intro' | 'empty' | 'scannedBy' | 'redeemedWith' | 'scannedAt' | 'receivedAt' | 'more';

/**
 * Issue 26, ADR 014: the redemptions partner phones accepted offline that the server could not honour,
 * newest first (`endpoint`: /api/admin/offline-conflicts or /api/support/offline-conflicts). Each says
 * who scanned, why it was refused and with which partner the voucher was redeemed (paid once).
 */
export function OfflineConflicts({ endpoint, word }: { endpoint: string; word: (key: OfflineConflictWord) => string }) {
  const locale = currentLocale();
  const query = useInfiniteQuery({
    queryKey: ['offline-conflicts', endpoint],
    queryFn: ({ pageParam, signal }) => api.get<TOfflineConflictPage>(`${endpoint}${pageParam ? `?before=${encodeURIComponent(pageParam)}` : ''}`, { signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next ?? undefined,
  });
  const conflicts = query.data?.pages.flatMap((page) => page.conflicts) ?? [];
  return (
    <Card data-testid="offline-conflicts">
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-base">
          <CircleAlert aria-hidden className="size-5 text-destructive" />
          {word('title')}
        </CardTitle>
        <p className="text-sm text-muted-foreground">{word('intro')}</p>
      </CardHeader>
      <CardContent className="space-y-3">
        {query.isError && <p className="text-sm text-destructive">{errorMessage(query.error)}</p>}
        {query.isSuccess && conflicts.length === 0 && <p className="text-sm text-muted-foreground">{word('empty')}</p>}
        {conflicts.length > 0 && (
          <ul className="divide-y divide-border">
            {conflicts.map((c) => (
              <li key={c.id} className="grid gap-1 py-2.5 text-sm sm:grid-cols-[1fr_auto]" data-testid="offline-conflict">
                <div className="min-w-0">
                  <p className="font-mono font-semibold">
                    <bdi dir="ltr">{c.code}</bdi>
                    <span className="ms-2 font-sans font-normal">{c.partnerName}</span>
                  </p>
                  <p className="text-destructive">{errorTextOf(c.errorCode as TErrorCode)}</p>
                  <p className="text-muted-foreground">
                    {word('scannedBy')} {c.scannedBy}
                    {c.offerTitle && ` · ${c.offerTitle}`}
                    {c.redeemedWith && ` · ${word('redeemedWith')} ${c.redeemedWith}`}
                  </p>
                </div>
                <div className="text-xs text-muted-foreground sm:text-end">
                  <p>
                    {word('scannedAt')} {formatShortDateTime(c.scannedAt, locale)}
                  </p>
                  <p>
                    {word('receivedAt')} {formatShortDateTime(c.receivedAt, locale)}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
        {query.hasNextPage && (
          <Button variant="outline" size="sm" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
            {word('more')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
