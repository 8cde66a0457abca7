import { Suspense, use, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { adoptEarlyInput } from '@/lib/hydration';

/**
 * A part of a server-drawn page that the browser hydrates once it is seen (near the screen) or touched,
 * instead of with the rest of the page (issue 34: a phone's blocking time while hydrating the whole page).
 * Until then the server's markup stays as drawn: its links work (they are plain links), and a tap, a key or a
 * focus in it hydrates it at once, before React hands the event on (React hydrates the part an event lands in).
 * A part the browser draws itself (after a navigation) is drawn at once.
 */
export function HydrateWhenSeen({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Gate>{children}</Gate>
    </Suspense>
  );
}

const MARK = 'data-hydrate-when-seen';

/**
 * The parts already asked for. A part is held the first time only: React asks again when it is seen or touched,
 * or when the page changed around it (React then hydrates the part before applying the change), and gets it.
 */
const asked = new Set<string>();
/** The parts drawn by the server, and so hydrated rather than drawn. */
const drawn = new Set<string>();

function Gate({ children }: { children: ReactNode }) {
  const id = useId();
  if (typeof window !== 'undefined' && !asked.has(id)) {
    asked.add(id);
    const seen = whenSeen(id);
    if (seen) {
      drawn.add(id);
      use(seen);
    }
  }
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    // What was typed in the part before it was hydrated (a field filled at once) reaches its state.
    if (drawn.delete(id) && ref.current) adoptEarlyInput(ref.current);
  }, [id]);
  // No box of its own (the page's grid and flex layouts see its children): it marks where the part is.
  return (
    <div ref={ref} className="contents" {...{ [MARK]: id }}>
      {children}
    </div>
  );
}

/** Resolves once the server-drawn part with this id is seen or touched; null when the page has no such part. */
function whenSeen(id: string): Promise<void> | null {
  const element = document.querySelector(`[${MARK}="${CSS.escape(id)}"]`);
  if (!element || element.children.length === 0) return null;
  return new Promise<void>((resolve) => {
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && release(), {
      rootMargin: '200px',
    });
    const touched = (event: Event) => {
      if (event.target instanceof Node && element.contains(event.target)) release();
    };
    const events = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;
    function release() {
      observer.disconnect();
      for (const type of events) document.removeEventListener(type, touched, true);
      resolve();
    }
    for (const child of element.children) observer.observe(child);
    for (const type of events) document.addEventListener(type, touched, { capture: true, passive: true });
  });
}
