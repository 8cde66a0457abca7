import { MessageSquareText, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useCanned, useDeleteCanned, useSaveCanned } from '../api/desk';
import { deskMessage, useDeskTranslation } from '../i18n';
import { Textarea } from './controls';

/** Canned responses the agents share: add and delete (issue 14). */
export function CannedResponsesDialog() {
  const { t } = useDeskTranslation();
  const { data } = useCanned();
  const save = useSaveCanned();
  const remove = useDeleteCanned();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { title, body },
      {
        onSuccess: (a) => {
          toast.success(deskMessage(a.message));
          setTitle('');
          setBody('');
        },
        onError: (e) => toast.error(deskMessage(e)),
      },
    );
  };
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline">
          <MessageSquareText aria-hidden className="size-4" /> {t('canned.manage')}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('canned.manage')}</DialogTitle>
          <DialogDescription className="sr-only">{t('canned.manage')}</DialogDescription>
        </DialogHeader>
        <ul className="space-y-2">
          {data?.responses.length === 0 && <li className="text-sm text-muted-foreground">{t('canned.empty')}</li>}
          {data?.responses.map((r) => (
            <li key={r.id} className="flex items-start gap-2 rounded-lg border border-border p-3">
              <div className="min-w-0 flex-1">
                <p className="font-medium">{r.title}</p>
                <p className="whitespace-pre-line text-sm text-muted-foreground">{r.body}</p>
              </div>
              <Button variant="ghost" size="icon" aria-label={`${t('canned.delete')} ${r.title}`} onClick={() => remove.mutate(r.id, { onSuccess: (a) => toast.success(deskMessage(a.message)) })}>
                <Trash2 aria-hidden className="size-4" />
              </Button>
            </li>
          ))}
        </ul>
        <form onSubmit={submit} className="space-y-2">
          <Label htmlFor="canned-title">{t('canned.titleField')}</Label>
          <Input id="canned-title" value={title} onChange={(e) => setTitle(e.target.value)} required maxLength={120} />
          <Label htmlFor="canned-body">{t('canned.bodyField')}</Label>
          <Textarea id="canned-body" value={body} onChange={(e) => setBody(e.target.value)} required />
          <Button type="submit" disabled={save.isPending || !title.trim() || !body.trim()}>{t('canned.add')}</Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
