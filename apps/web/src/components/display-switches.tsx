import type { ReactNode } from 'react';
import { LocaleSwitch } from '@/components/locale-switch';
import { ThemeToggle } from '@/components/theme-toggle';

/** The theme and language switches at the top of a page outside the app's layouts (sign-in, password reset, invitation). */
export function DisplaySwitches({ children }: { children?: ReactNode }) {
  return (
    <div className="flex items-center gap-1">
      <ThemeToggle />
      <LocaleSwitch />
      {children}
    </div>
  );
}
