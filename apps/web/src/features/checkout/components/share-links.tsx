import { Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { FacebookIcon, WhatsAppIcon, XIcon } from '@/components/domain/share-icons';
import { useCheckoutTranslation } from '../i18n';

/**
 * Sharing the joy, not the gift: the links carry the box page, never the voucher code (whoever
 * holds the code can use the voucher).
 */
export function ShareLinks({ boxUrl }: { boxUrl: string }) {
  const { t } = useCheckoutTranslation();
  const text = t('success.shareText');
  const links: { id: string; network: string; href: string; icon: ReactNode; className: string }[] = [
    {
      id: 'whatsapp',
      network: 'WhatsApp',
      href: `https://wa.me/?${new URLSearchParams({ text: `${text} ${boxUrl}` })}`,
      icon: <WhatsAppIcon />,
      className: 'bg-[#1f8f4e] text-white hover:bg-[#1a7a42]',
    },
    {
      id: 'facebook',
      network: 'Facebook',
      href: `https://www.facebook.com/sharer/sharer.php?${new URLSearchParams({ u: boxUrl })}`,
      icon: <FacebookIcon />,
      className: 'bg-[#1877f2] text-white hover:bg-[#0f66d6]',
    },
    {
      id: 'x',
      network: 'X (Twitter)',
      href: `https://twitter.com/intent/tweet?${new URLSearchParams({ text, url: boxUrl })}`,
      icon: <XIcon />,
      className: 'bg-black text-white hover:bg-neutral-800',
    },
  ];
  const mailto = `mailto:?subject=${encodeURIComponent(text)}&body=${encodeURIComponent(`${text}\n${boxUrl}`)}`;

  return (
    <ul className="flex flex-wrap gap-2.5" data-testid="share-links">
      {links.map((link) => (
        <li key={link.id}>
          <a
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('success.shareOn', { network: link.network })}
            title={t('success.shareOn', { network: link.network })}
            data-testid={`share-${link.id}`}
            className={cn('inline-flex size-11 items-center justify-center rounded-full shadow-sm transition-colors', link.className)}
          >
            {link.icon}
          </a>
        </li>
      ))}
      <li>
        <a
          href={mailto}
          aria-label={t('success.shareByEmail')}
          title={t('success.shareByEmail')}
          data-testid="share-email"
          className="inline-flex size-11 items-center justify-center rounded-full border border-input bg-card text-foreground shadow-sm transition-colors hover:bg-muted"
        >
          <Mail aria-hidden className="size-5" />
        </a>
      </li>
    </ul>
  );
}
