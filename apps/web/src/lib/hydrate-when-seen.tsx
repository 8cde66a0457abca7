import { Suspense, use, useEffect, useRef, useState, type ElementType, type ReactNode } from 'react';
import { adoptEarlyInput, isHydrating } from './hydration';

/** How far outside the screen a part starts hydrating: a little before it is scrolled into view. */
const AHEAD = '300px 0px';

/** A promise opened once: when the part is seen (or, by React, when it is touched). */
interface Gate {
  promise: Promise<void>;
  open: () => void;
  opened: boolean;
}

function createGate(): Gate {
  let open!: () => void;
  const gate: Gate = {
    promise: new Promise<void>((resolve) => (open = resolve)),
    open: () => {
      gate.opened = true;
      open();
    },
    opened: false,
  };
  return gate;
}

/**
 * Waits, while the page the server drew is being hydrated, until the part is seen: React then leaves the
 * part's HTML as the server drew it (a Suspense boundary not yet hydrated) and hydrates it when the gate opens.
 * Once the page is hydrated (`isHydrating()` false) it never waits: a part drawn in the browser (a later
 * visit of the page, a client-side navigation), or one React must hydrate at once (a tap on it, a change of
 * language or theme reaching it), renders as any other.
 */
function Gated({ gate, children }: { gate: Gate | null; children: ReactNode }) {
  if (gate && !gate.opened && isHydrating()) use(gate.promise);
  return children;
}

/** Once the part is hydrated, tells React what was typed in its fields before (lib/hydration.ts). */
function WhenHydrated({ container, gated }: { container: React.RefObject<HTMLElement | null>; gated: boolean }) {
  useEffect(() => {
    if (gated && container.current) adoptEarlyInput(container.current);
  }, [container, gated]);
  return null;
}

/**
 * A part of a page drawn by the server that is hydrated when it is seen or touched, not with the rest (issue
 * 34: on a phone, hydrating the whole page at once held the main thread for most of a second). The page's
 * shell, what the first screen shows and can be tapped, is hydrated first; a part below it keeps the server's
 * HTML, links working, until it comes within a screen's reach (IntersectionObserver) or is tapped, typed in or
 * focused (React 19 hydrates a not-yet-hydrated boundary at once when an event reaches it, and replays it).
 *
 * On the server, and for a page drawn in the browser, it is its children inside a wrapper element (`as`,
 * `className`), plus the markers of a Suspense boundary in the server's HTML.
 */
export function HydrateWhenSeen({
  as: Wrapper = 'div',
  className,
  children,
}: {
  as?: ElementType;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLElement | null>(null);
  // Created during hydration only: a part drawn later in the browser has nothing to wait for.
  const [gate] = useState(() =>
    typeof window !== 'undefined' && typeof IntersectionObserver !== 'undefined' && isHydrating() ? createGate() : null,
  );
  useEffect(() => {
    const element = ref.current;
    if (!gate || gate.opened || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        gate.open();
      },
      { rootMargin: AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [gate]);
  const content = (
    <Suspense fallback={null}>
      <Gated gate={gate}>
        {children}
        <WhenHydrated container={ref} gated={gate !== null} />
      </Gated>
    </Suspense>
  );
  return (
    <Wrapper ref={ref} className={className}>
      {content}
    </Wrapper>
  );
}
