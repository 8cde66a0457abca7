import { cn } from '@/lib/cn';

/** An open gift box with a saffron bow, a crescent and confetti. Decorative. */
export function GiftIllustration({ className }: { className?: string }) {
  return (
    <svg aria-hidden viewBox="0 0 320 280" className={cn('h-auto w-full', className)}>
      <ellipse cx="160" cy="256" rx="118" ry="14" fill="#000" opacity="0.15" />
      {/* box */}
      <rect x="62" y="128" width="196" height="124" rx="14" fill="#fffaf3" />
      <rect x="62" y="128" width="196" height="30" fill="#f5ece1" />
      <rect x="144" y="128" width="32" height="124" fill="#e9a23b" />
      {/* lid, lifted */}
      <g transform="rotate(-8 160 110)">
        <rect x="48" y="92" width="224" height="40" rx="10" fill="#fffaf3" />
        <rect x="144" y="92" width="32" height="40" fill="#f0b54f" />
        <path d="M160 92c-10-26-52-40-60-18-6 17 30 22 60 18z" fill="#e9a23b" />
        <path d="M160 92c10-26 52-40 60-18 6 17-30 22-60 18z" fill="#f0b54f" />
        <circle cx="160" cy="90" r="9" fill="#c98420" />
      </g>
      {/* crescent and stars */}
      <path d="M262 40a26 26 0 1 0 18 44 21 21 0 1 1-18-44z" fill="#f0b54f" />
      <path d="M58 46l4 10 10 4-10 4-4 10-4-10-10-4 10-4z" fill="#fffaf3" />
      <path d="M226 150l3 7 7 3-7 3-3 7-3-7-7-3 7-3z" fill="#b5451b" opacity="0.35" />
      {/* confetti */}
      <circle cx="100" cy="30" r="5" fill="#5bbfa5" />
      <circle cx="292" cy="140" r="6" fill="#fffaf3" opacity="0.8" />
      <circle cx="30" cy="150" r="4" fill="#f0b54f" />
      <rect x="200" y="24" width="10" height="10" rx="2" transform="rotate(30 205 29)" fill="#fffaf3" opacity="0.85" />
      <rect x="24" y="96" width="9" height="9" rx="2" transform="rotate(20 28 100)" fill="#5bbfa5" />
    </svg>
  );
}
