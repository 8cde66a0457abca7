import type { TLocale } from '@farha/contracts/auth';
import { TICKET_ATTACHMENT_MAX_BYTES, TICKET_ATTACHMENT_MAX_FILES } from '@farha/contracts/support';
import { FileText, ImageIcon, Paperclip, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { HelpCentreTexts } from './texts';

/** docs/product/support.md §3: images or PDF, up to 10 MB each. */
export function isAcceptedAttachment(file: File): boolean {
  return file.type.startsWith('image/') || file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
}

/** Checks new files against the rules and the files already chosen; returns the kept ones and the problems. */
export function checkAttachments(current: File[], added: File[], t: HelpCentreTexts['t']): { files: File[]; errors: string[] } {
  const files = [...current];
  const errors: string[] = [];
  for (const file of added) {
    if (!isAcceptedAttachment(file)) errors.push(t('new.fileType', { name: file.name }));
    else if (file.size > TICKET_ATTACHMENT_MAX_BYTES) errors.push(t('new.fileSize', { name: file.name }));
    else if (files.length >= TICKET_ATTACHMENT_MAX_FILES) {
      errors.push(t('new.tooMany', { max: TICKET_ATTACHMENT_MAX_FILES }));
      break;
    } else files.push(file);
  }
  return { files, errors };
}

export function formatSize(bytes: number, locale: TLocale): string {
  const unit = bytes >= 1024 * 1024 ? 'MB' : 'kB';
  const value = unit === 'MB' ? bytes / (1024 * 1024) : Math.max(1, Math.round(bytes / 1024));
  const number = new Intl.NumberFormat(locale === 'ar' ? 'ar-DZ' : 'fr-FR', { maximumFractionDigits: 1 }).format(value);
  if (locale === 'ar') return `${number} ${unit === 'MB' ? 'م.ب' : 'ك.ب'}`;
  return `${number} ${unit === 'MB' ? 'Mo' : 'Ko'}`;
}

interface AttachmentPickerProps {
  texts: HelpCentreTexts;
  files: File[];
  onChange: (files: File[]) => void;
  showHint?: boolean;
}

/** A file input for ticket attachments, checked here before upload (the server checks again). */
export function AttachmentPicker({ texts: { t, locale }, files, onChange, showHint = true }: AttachmentPickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const id = useId();

  const onPick = (picked: FileList | null) => {
    if (!picked) return;
    const result = checkAttachments(files, [...picked], t);
    setErrors(result.errors);
    onChange(result.files);
    if (inputRef.current) inputRef.current.value = '';
  };

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <input
          ref={inputRef}
          id={id}
          type="file"
          name="attachments"
          multiple
          accept="image/*,application/pdf"
          className="sr-only"
          // The button below opens it: one tab stop, and the input is named after the button.
          tabIndex={-1}
          aria-label={t('new.addFiles')}
          onChange={(event) => onPick(event.target.files)}
          data-testid="attachment-input"
        />
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => inputRef.current?.click()}
          disabled={files.length >= TICKET_ATTACHMENT_MAX_FILES}
        >
          <Paperclip aria-hidden />
          {t('new.addFiles')}
        </Button>
        {showHint && <p className="text-xs text-muted-foreground">{t('new.attachmentsHint', { max: TICKET_ATTACHMENT_MAX_FILES })}</p>}
      </div>
      {files.length > 0 && (
        <ul className="grid gap-1.5" data-testid="attachment-list">
          {files.map((file, index) => {
            const Icon = file.type.startsWith('image/') ? ImageIcon : FileText;
            return (
              <li key={`${file.name}-${index}`} className="flex items-center gap-2 rounded-md bg-muted px-2.5 py-1.5 text-sm">
                <Icon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
                <span className="min-w-0 flex-1 truncate">{file.name}</span>
                <span className="shrink-0 text-xs text-muted-foreground">{formatSize(file.size, locale)}</span>
                <button
                  type="button"
                  onClick={() => onChange(files.filter((_, i) => i !== index))}
                  aria-label={t('new.remove', { name: file.name })}
                  className="inline-flex size-7 shrink-0 items-center justify-center rounded text-muted-foreground hover:bg-background hover:text-foreground"
                >
                  <X aria-hidden className="size-4" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {errors.length > 0 && (
        <ul role="alert" className="grid gap-0.5 text-sm font-medium text-destructive" data-testid="attachment-errors">
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
