import { FAQ_AUDIENCES, type TKbArticle, type TKbRequest } from '@farha/contracts/support';
import { Eye, EyeOff, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDeleteArticle, useKnowledgeBase, useSaveArticle } from '../api/portal';
import { NativeSelect, Textarea } from '../components/controls';
import { Pager, PortalQueryStates, SearchBox, useUrlFilters } from '../components/portal-ui';
import { portalMessage, usePortalTranslation } from '../i18n-portal';

type Draft = TKbRequest & { id?: string };
const empty = (audience: TKbRequest['audience']): Draft => ({ audience, question: '', answer: '', questionAr: null, answerAr: null, category: '', published: true, priority: 0 });
const toDraft = (a: TKbArticle): Draft => ({ id: a.id, audience: a.audience, question: a.question, answer: a.answer, questionAr: a.questionAr, answerAr: a.answerAr, category: a.category, published: a.published, priority: a.priority });

/** Issue 14 knowledge base: the FAQ entries of the customer and partner help centres, managed by agents. */
export function SupportKnowledgePage() {
  const { t, label } = usePortalTranslation();
  useDocumentTitle(t('knowledge.title'));
  const { params, set, page } = useUrlFilters();
  const filters = { q: params.get('q') ?? '', audience: params.get('audience') ?? '', page };
  const query = useKnowledgeBase(filters);
  const { data } = query;
  const save = useSaveArticle();
  const remove = useDeleteArticle();
  const [editing, setEditing] = useState<Draft | null>(null);
  const [deleting, setDeleting] = useState<TKbArticle | null>(null);
  const toggle = (a: TKbArticle) =>
    save.mutate({ ...toDraft(a), published: !a.published }, { onSuccess: (r) => toast.success(portalMessage(r.message)), onError: (e) => toast.error(portalMessage(e)) });
  return (
    <div className="space-y-6">
      <PageHeader
        title={t('knowledge.title')}
        description={t('knowledge.description')}
        actions={
          <Button onClick={() => setEditing(empty((filters.audience || 'customer') as TKbRequest['audience']))} data-testid="kb-new">
            <Plus aria-hidden className="size-4" />
            {t('knowledge.new')}
          </Button>
        }
      />
      <SearchBox value={filters.q} label={t('knowledge.search')} onSearch={(q) => set({ q })}>
        <NativeSelect aria-label={t('knowledge.audience')} value={filters.audience} onChange={(e) => set({ audience: e.target.value })} className="md:w-56">
          <option value="">{t('knowledge.allAudiences')}</option>
          {FAQ_AUDIENCES.map((a) => <option key={a} value={a}>{t(`knowledge.${a}`)}</option>)}
        </NativeSelect>
      </SearchBox>
      <PortalQueryStates query={query} isEmpty={(list) => list.articles.length === 0} empty={t('knowledge.empty')}>
        {(list) => (
          <ul className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-card">
            {list.articles.map((a) => (
              <li key={a.id} className="grid gap-2 p-4 md:grid-cols-[1fr_auto] md:items-center" data-testid="kb-row">
                <div className="min-w-0 space-y-1">
                  <p className="flex flex-wrap items-center gap-2">
                    <bdi className="font-semibold" dir="ltr" lang="fr">{a.question}</bdi>
                    <span className={a.published ? 'rounded-full bg-emerald-100 px-2 py-0.5 text-xs text-emerald-900' : 'rounded-full bg-muted px-2 py-0.5 text-xs text-muted-foreground'}>
                      {a.published ? t('knowledge.published') : t('knowledge.draft')}
                    </span>
                    <span className="rounded-full bg-muted px-2 py-0.5 text-xs">{t(`knowledge.${a.audience}`)} · {label('status.category', a.category)}</span>
                  </p>
                  {a.questionAr ? <p className="text-sm" dir="rtl" lang="ar">{a.questionAr}</p> : <p className="text-xs text-amber-700">{t('knowledge.arabicMissing')}</p>}
                  <p className="text-xs text-muted-foreground">{t('knowledge.views', { count: a.views })} · {t('knowledge.helpful', { n: a.helpful })} · {t('knowledge.notHelpful', { n: a.notHelpful })}</p>
                </div>
                <div className="flex flex-wrap gap-2 md:justify-end">
                  <Button variant="outline" size="sm" onClick={() => toggle(a)} disabled={save.isPending} data-testid="kb-toggle">
                    {a.published ? <EyeOff aria-hidden className="size-4" /> : <Eye aria-hidden className="size-4" />}
                    {a.published ? t('knowledge.unpublish') : t('knowledge.publish')}
                  </Button>
                  <Button variant="outline" size="sm" onClick={() => setEditing(toDraft(a))} aria-label={t('knowledge.edit')}>
                    <Pencil aria-hidden className="size-4" />
                  </Button>
                  <Button variant="outline" size="sm" onClick={() => setDeleting(a)} aria-label={t('knowledge.delete')}>
                    <Trash2 aria-hidden className="size-4" />
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </PortalQueryStates>
      {data && <Pager page={page} total={data.total} pageSize={data.pageSize} onPage={(p) => set({ page: String(p) })} />}
      {editing && <ArticleDialog key={editing.id ?? 'new'} draft={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('knowledge.delete')}
        description={t('knowledge.confirmDelete')}
        confirmLabel={t('knowledge.delete')}
        cancelLabel={t('knowledge.cancel')}
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: (r) => {
              toast.success(portalMessage(r.message));
              setDeleting(null);
            },
            onError: (e) => toast.error(portalMessage(e)),
          })
        }
      />
    </div>
  );
}

function ArticleDialog({ draft, onClose }: { draft: Draft; onClose: () => void }) {
  const { t } = usePortalTranslation();
  const save = useSaveArticle();
  const [form, setForm] = useState<Draft>(draft);
  const field = <K extends keyof Draft>(key: K) => (value: Draft[K]) => setForm((f) => ({ ...f, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(form, {
      onSuccess: (r) => {
        toast.success(portalMessage(r.message));
        onClose();
      },
      onError: (e) => toast.error(portalMessage(e)),
    });
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle className="text-start">{draft.id ? t('knowledge.edit') : t('knowledge.new')}</DialogTitle>
        </DialogHeader>
        <form className="space-y-4" onSubmit={submit}>
          <div className="grid gap-3 sm:grid-cols-3">
            <div className="space-y-1.5">
              <Label htmlFor="kb-audience">{t('knowledge.audience')}</Label>
              <NativeSelect id="kb-audience" value={form.audience} onChange={(e) => field('audience')(e.target.value as Draft['audience'])}>
                {FAQ_AUDIENCES.map((a) => <option key={a} value={a}>{t(`knowledge.${a}`)}</option>)}
              </NativeSelect>
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="kb-category">{t('knowledge.category')}</Label>
              <Input id="kb-category" value={form.category} onChange={(e) => field('category')(e.target.value)} required maxLength={50} data-testid="kb-category" />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="kb-priority">{t('knowledge.priority')}</Label>
              <Input id="kb-priority" type="number" min={0} max={1000} value={form.priority} onChange={(e) => field('priority')(Number(e.target.value) || 0)} />
            </div>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="kb-question">{t('knowledge.question')}</Label>
            <Input id="kb-question" value={form.question} onChange={(e) => field('question')(e.target.value)} required maxLength={300} lang="fr" dir="ltr" data-testid="kb-question" />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="kb-answer">{t('knowledge.answer')}</Label>
            <Textarea id="kb-answer" value={form.answer} onChange={(e) => field('answer')(e.target.value)} required maxLength={5000} lang="fr" dir="ltr" data-testid="kb-answer" />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="kb-question-ar">{t('knowledge.questionAr')}</Label>
            <Input id="kb-question-ar" value={form.questionAr ?? ''} onChange={(e) => field('questionAr')(e.target.value)} maxLength={300} lang="ar" dir="rtl" data-testid="kb-question-ar" />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="kb-answer-ar">{t('knowledge.answerAr')}</Label>
            <Textarea id="kb-answer-ar" value={form.answerAr ?? ''} onChange={(e) => field('answerAr')(e.target.value)} maxLength={5000} lang="ar" dir="rtl" data-testid="kb-answer-ar" />
          </div>
          <div className="flex items-center gap-2">
            <Checkbox id="kb-published" checked={form.published} onCheckedChange={(v) => field('published')(v === true)} />
            <Label htmlFor="kb-published">{t('knowledge.publishNow')}</Label>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>{t('knowledge.cancel')}</Button>
            <Button type="submit" disabled={save.isPending} data-testid="kb-save">{t('knowledge.save')}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
