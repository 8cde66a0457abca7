import { Menu, type LucideIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n-react';
import { Link, NavLink, Outlet } from 'react-router';
import { paths } from '@/config/paths';
import { Logo } from '@/components/brand/logo';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { cn } from '@/lib/cn';
import { LogoutButton } from './logout-button';

export interface ShellNavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Drawn as a call to action (the partner's Scanner QR). */
  highlight?: boolean;
  /** A count beside the label (the support tickets badge); hidden when 0. */
  badge?: number;
}

export interface ShellNavSection {
  title?: string;
  items: ShellNavItem[];
}

interface BackofficeShellProps {
  /** Word after the logo: "Partenaires", "Administration", "Portail Support". */
  brandSuffix: string;
  navLabel: string;
  sections: ShellNavSection[];
  /** End of the header (shortcuts, theme, language, logout). */
  headerEnd: ReactNode;
  /** Who is logged in: in the header from `sm` up, at the top of the mobile menu below. */
  identity: ReactNode;
  /** Extra header links shown from `md` up. */
  headerLinks?: ReactNode;
  /** Bottom of the sidebar (help card). */
  sidebarFooter?: ReactNode;
  /** Above the page (breadcrumb). */
  beforeContent?: ReactNode;
}

/** The partner, admin and support portals' frame: header, sidebar (a sheet on small screens), content. */
export function BackofficeShell({
  brandSuffix,
  navLabel,
  sections,
  headerEnd,
  identity,
  headerLinks,
  sidebarFooter,
  beforeContent,
}: BackofficeShellProps) {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <div className="min-h-dvh bg-background">
      <header className="sticky top-0 z-30 border-b border-border bg-card/95 backdrop-blur supports-[backdrop-filter]:bg-card/85">
        <div className="flex h-16 items-center gap-1 px-3 sm:gap-2 sm:px-4 lg:px-6">
          <Sheet open={menuOpen} onOpenChange={setMenuOpen}>
            <SheetTrigger asChild>
              <Button variant="ghost" size="icon" className="lg:hidden" aria-label={t('common.openMenu')}>
                <Menu aria-hidden className="size-6" />
              </Button>
            </SheetTrigger>
            <SheetContent side="start" className="p-0">
              <div className="flex h-16 shrink-0 items-center px-4 pe-14">
                <SheetTitle className="sr-only">{navLabel}</SheetTitle>
                <SheetDescription className="sr-only">{brandSuffix}</SheetDescription>
                <Logo suffix={brandSuffix} />
              </div>
              <div className="shrink-0 border-y border-border px-3 py-3">{identity}</div>
              <SidebarContent
                navLabel={navLabel}
                sections={sections}
                footer={sidebarFooter}
                onNavigate={() => setMenuOpen(false)}
              />
            </SheetContent>
          </Sheet>

          {/* The name includes the portal's word shown beside the logo (WCAG 2.5.3, label in name). */}
          <Link to={paths.home} aria-label={t('nav.homeLinkArea', { area: brandSuffix })} className="rounded-lg">
            {/* Mark only on narrow phones: the header's buttons need the room. */}
            <Logo suffix={brandSuffix} nameClassName="hidden min-[400px]:inline" suffixClassName="hidden md:inline" />
          </Link>
          {headerLinks && <div className="ms-4 hidden items-center gap-1 md:flex">{headerLinks}</div>}
          <div className="ms-auto flex items-center gap-0.5 sm:gap-1">
            {headerEnd}
            <div className="hidden sm:block">{identity}</div>
            <LogoutButton />
          </div>
        </div>
      </header>

      <div className="lg:grid lg:grid-cols-[16.5rem_minmax(0,1fr)]">
        <aside className="sticky top-16 hidden h-[calc(100dvh-4rem)] flex-col overflow-y-auto border-e border-border bg-card lg:flex">
          <SidebarContent navLabel={navLabel} sections={sections} footer={sidebarFooter} />
        </aside>
        <main id="main" tabIndex={-1} className="min-w-0 px-4 py-6 outline-none sm:px-6 lg:px-8 lg:py-8">
          <div className="mx-auto max-w-6xl space-y-6">
            {beforeContent}
            <Outlet />
          </div>
        </main>
      </div>
    </div>
  );
}

interface SidebarContentProps {
  navLabel: string;
  sections: ShellNavSection[];
  footer?: ReactNode;
  onNavigate?: () => void;
}

function SidebarContent({ navLabel, sections, footer, onNavigate }: SidebarContentProps) {
  return (
    <div className="flex flex-1 shrink-0 flex-col gap-6 p-4">
      <nav aria-label={navLabel} className="space-y-6">
        {sections.map((section, index) => (
          <div key={section.title ?? index} className="space-y-1">
            {section.title && (
              <h2 className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                {section.title}
              </h2>
            )}
            <ul className="grid gap-1">
              {section.items.map(({ to, label, icon: Icon, highlight, badge }) => (
                <li key={to}>
                  <NavLink
                    to={to}
                    onClick={onNavigate}
                    className={({ isActive }) =>
                      cn(
                        'flex min-h-11 items-center gap-3 rounded-lg px-3 text-sm font-semibold transition-colors',
                        highlight
                          ? 'bg-primary text-primary-foreground shadow-sm hover:bg-primary/90'
                          : isActive
                            ? 'bg-primary-soft text-primary-strong'
                            : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                        highlight && isActive && 'ring-2 ring-primary ring-offset-2 ring-offset-card',
                      )
                    }
                  >
                    <Icon aria-hidden className="size-5 shrink-0" />
                    {label}
                    {badge ? (
                      <span className="ms-auto rounded-full bg-primary px-2 py-0.5 text-xs font-bold text-primary-foreground tabular-nums" data-testid="nav-badge">
                        {badge}
                      </span>
                    ) : null}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      {footer && <div className="mt-auto">{footer}</div>}
    </div>
  );
}
