import type { CSSProperties } from 'react';
import {
  Award,
  Clock,
  Gift,
  Handshake,
  Heart,
  MapPin,
  RefreshCcw,
  ShieldCheck,
  Sparkles,
  Star,
  Users,
  Zap,
  type LucideIcon,
} from 'lucide-react';

// Icon names a landing configuration may use (docs/product/storefront.md §3: benefits and figures carry an icon).
const ICONS: Record<string, LucideIcon> = {
  gift: Gift,
  'map-pin': MapPin,
  handshake: Handshake,
  star: Star,
  zap: Zap,
  shield: ShieldCheck,
  refresh: RefreshCcw,
  heart: Heart,
  clock: Clock,
  award: Award,
  users: Users,
  sparkles: Sparkles,
};

export function landingIcon(name: string): LucideIcon {
  return ICONS[name] ?? Sparkles;
}

const TONES: Record<string, string> = {
  primary: 'bg-primary-soft text-primary-strong',
  secondary: 'bg-secondary/25 text-secondary-foreground dark:text-secondary',
  accent: 'bg-accent/15 text-accent',
};

/** Classes of an icon tile in the configured colour (theme token; a hex colour is applied inline). */
export function toneOf(color: string): { className: string; style?: CSSProperties } {
  if (TONES[color]) return { className: TONES[color] };
  if (/^#[0-9a-f]{6}$/i.test(color)) return { className: '', style: { backgroundColor: `${color}26`, color } };
  return { className: TONES.primary! };
}
