import { Mail } from 'lucide-react';
import { useTranslation } from '@/lib/i18n-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { Logo } from '@/components/brand/logo';
import { PaymentLogos } from '@/components/payment-logos';
import { useSupportContact } from '@/lib/site';

export function SiteFooter() {
  const contact = useSupportContact();
  const { t } = useTranslation();
  const linkClass = 'inline-block py-0.5 text-sm text-muted-foreground hover:text-foreground hover:underline underline-offset-4';
  return (
    <footer className="border-t border-border bg-muted/50">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.4fr_1fr_1fr_1.2fr] lg:px-8">
        <div className="space-y-3">
          <Logo />
          <p className="max-w-xs text-sm text-muted-foreground text-pretty">{t('footer.about')}</p>
        </div>
        <nav aria-labelledby="footer-discover" className="space-y-3">
          <h2 id="footer-discover" className="text-sm font-semibold">
            {t('footer.discover')}
          </h2>
          <ul className="space-y-2">
            <li>
              <Link to={paths.catalog} className={linkClass}>
                {t('nav.catalog')}
              </Link>
            </li>
            <li>
              <Link to={paths.howItWorks} className={linkClass}>
                {t('nav.howItWorks')}
              </Link>
            </li>
            <li>
              <Link to={paths.partners} className={linkClass}>
                {t('nav.partners')}
              </Link>
            </li>
            <li>
              <Link to={paths.businessOffer} className={linkClass}>
                {t('nav.business')}
              </Link>
            </li>
            <li>
              <Link to={paths.giftCard} className={linkClass}>
                {t('nav.giftCard')}
              </Link>
            </li>
            <li>
              <Link to={paths.giftCardBalance} className={linkClass}>
                {t('nav.giftCardBalance')}
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-help" className="space-y-3">
          <h2 id="footer-help" className="text-sm font-semibold">
            {t('footer.help')}
          </h2>
          <ul className="space-y-2">
            <li>
              <Link to={paths.help} className={linkClass}>
                {t('nav.help')}
              </Link>
            </li>
            <li>
              <a href={`mailto:${contact.email}`} className={`${linkClass} inline-flex items-center gap-1.5`}>
                <Mail aria-hidden className="size-4" />
                <span dir="ltr">{contact.email}</span>
              </a>
            </li>
          </ul>
        </nav>
        <div className="space-y-3">
          <h2 className="text-sm font-semibold">{t('footer.securePayment')}</h2>
          <PaymentLogos />
        </div>
      </div>
      <div className="border-t border-border">
        <p className="mx-auto max-w-7xl px-4 py-5 text-xs text-muted-foreground sm:px-6 lg:px-8">
          {t('footer.rights', { year: new Date().getFullYear() })}
        </p>
      </div>
    </footer>
  );
}
