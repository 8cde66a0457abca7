import { CHAT_MESSAGE_MAX_CHARS } from '@farha/contracts/chat';
import { TICKET_ATTACHMENT_MAX_BYTES, TICKET_ATTACHMENT_MAX_FILES } from '@farha/contracts/support';
import { ImagePlus, SendHorizontal, X } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

interface ChatComposerProps {
  /** Resolves when sent (the text and pictures are then cleared), rejects to keep them. */
  onSend: (body: string, files: File[]) => Promise<unknown>;
  onTyping?: () => void;
  disabled?: boolean;
  sending?: boolean;
  labels: { message: string; send: string; picture: string; removePicture: (name: string) => string; pictureType: (name: string) => string; pictureSize: (name: string) => string };
  /** A text to put in the box (a canned answer chosen on the desk), with a counter so that the same one can be chosen twice. */
  insert?: { text: string; n: number } | null;
  /** Beside the box's buttons (the desk's canned answers). */
  tools?: ReactNode;
  className?: string;
}

/**
 * A live chat's message box (issue 36), shared by the requester's panel and the desk: Enter sends,
 * Shift+Enter goes to the next line; pictures are checked here like ticket attachments (the server checks again).
 */
export function ChatComposer({ onSend, onTyping, disabled, sending, labels, insert, tools, className }: ChatComposerProps) {
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [inserted, setInserted] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  if (insert && insert.n !== inserted) {
    setInserted(insert.n);
    setBody((current) => (current.trim() ? `${current}\n${insert.text}` : insert.text));
  }

  const canSend = !disabled && !sending && (body.trim().length > 0 || files.length > 0);
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    onSend(body.trim(), files).then(
      () => {
        setBody('');
        setFiles([]);
        setProblem(null);
        box.current?.focus();
      },
      () => undefined,
    );
  };
  const pick = (list: FileList | null) => {
    if (!list) return;
    const kept = [...files];
    let issue: string | null = null;
    for (const file of list) {
      if (!file.type.startsWith('image/')) issue = labels.pictureType(file.name);
      else if (file.size > TICKET_ATTACHMENT_MAX_BYTES) issue = labels.pictureSize(file.name);
      else if (kept.length < TICKET_ATTACHMENT_MAX_FILES) kept.push(file);
    }
    setFiles(kept);
    setProblem(issue);
    if (input.current) input.current.value = '';
  };

  return (
    <form onSubmit={submit} className={cn('space-y-2 border-t border-border bg-card p-2', className)} data-testid="chat-composer">
      {files.length > 0 && (
        <ul className="flex flex-wrap gap-1.5">
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`} className="inline-flex max-w-full items-center gap-1 rounded-full bg-muted py-0.5 ps-2.5 pe-0.5 text-xs">
              <span className="truncate">{file.name}</span>
              <button
                type="button"
                className="inline-flex size-6 items-center justify-center rounded-full hover:bg-background"
                aria-label={labels.removePicture(file.name)}
                onClick={() => setFiles((current) => current.filter((_, i) => i !== index))}
              >
                <X aria-hidden className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {problem && (
        <p role="alert" className="text-xs text-destructive">
          {problem}
        </p>
      )}
      <div className="flex items-end gap-1.5">
        <input ref={input} id={id} type="file" accept="image/*" multiple className="sr-only" tabIndex={-1} onChange={(e) => pick(e.target.files)} disabled={disabled} />
        <Button type="button" variant="ghost" size="icon" aria-label={labels.picture} title={labels.picture} onClick={() => input.current?.click()} disabled={disabled}>
          <ImagePlus aria-hidden className="size-5" />
        </Button>
        {tools}
        <textarea
          ref={box}
          value={body}
          dir="auto"
          rows={1}
          maxLength={CHAT_MESSAGE_MAX_CHARS}
          aria-label={labels.message}
          placeholder={labels.message}
          disabled={disabled}
          onChange={(e) => {
            setBody(e.target.value);
            if (e.target.value.trim()) onTyping?.();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              submit();
            }
          }}
          className="max-h-32 min-h-10 min-w-0 flex-1 resize-none rounded-lg border border-input bg-background px-3 py-2 text-base [field-sizing:content] placeholder:text-muted-foreground sm:text-sm"
          data-testid="chat-input"
        />
        <Button type="submit" size="icon" aria-label={labels.send} title={labels.send} disabled={!canSend} loading={sending} data-testid="chat-send">
          {!sending && <SendHorizontal aria-hidden className="size-5 rtl:-scale-x-100" />}
        </Button>
      </div>
    </form>
  );
}
