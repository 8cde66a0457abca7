import { Suspense, use, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { unstable_getCurrentPriorityLevel as currentPriority, unstable_IdlePriority as IDLE_PRIORITY } from 'scheduler';
import { addWaitingPart, adoptEarlyInput } from '@/lib/hydration';

/**
 * A part of a server-drawn page that the browser hydrates once it is seen (near the screen) or touched, instead
 * of with the rest of the page (issue 34: a phone's blocking time while hydrating the whole page). Until then
 * the server's markup stays as drawn, and its links work (they are plain links).
 *
 * React hydrates such a part (a Suspense boundary) after the rest of the page, in a pass of its own at idle
 * priority: that pass only is held until the part is near the screen. Whatever else asks for the part gets it
 * at once: a tap, a key or a form sent in it (React hydrates the part an event lands in before handing the
 * event on), a change of the page around it (React hydrates the part before applying the change), or a change
 * of language (lib/hydration.ts hydrateWaitingParts). A part the browser draws itself is drawn at once.
 */
export function HydrateWhenSeen({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Gate>{children}</Gate>
    </Suspense>
  );
}

const MARK = 'data-hydrate-when-seen';

interface DrawnPart {
  element: Element;
  isSeen: boolean;
  seen: Promise<void>;
}

/** The parts in the server's markup, by the id React gives them (the same on both sides). */
const drawnParts = new Map<string, DrawnPart>();
/** Tells each part's registration (lib/hydration.ts) that it is hydrated. */
const onHydrated = new Map<string, () => void>();

// Read once, before hydration starts (the page is parsed: its scripts come after its first paint).
if (typeof document !== 'undefined') {
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) if (entry.isIntersecting) release(entry.target.parentElement?.getAttribute(MARK));
    },
    { rootMargin: '200px' },
  );
  const releases = new Map<string, () => void>();
  function release(id: string | null | undefined) {
    const part = id ? drawnParts.get(id) : undefined;
    if (!id || !part || part.isSeen) return;
    part.isSeen = true;
    for (const child of part.element.children) observer.unobserve(child);
    releases.get(id)?.();
  }
  for (const element of document.querySelectorAll(`[${MARK}]`)) {
    const id = element.getAttribute(MARK)!;
    const seen = new Promise<void>((resolve) => releases.set(id, resolve));
    drawnParts.set(id, { element, isSeen: false, seen });
    // Each child is watched: the part has no box of its own.
    for (const child of element.children) observer.observe(child);
    addWaitingPart({
      inPage: () => element.isConnected,
      release: () => release(id),
      hydrated: new Promise((done) => onHydrated.set(id, done)),
    });
  }
}

function Gate({ children }: { children: ReactNode }) {
  const id = useId();
  // Whether this render hydrates the server's markup of the part (rather than drawing it).
  const [part] = useState(() => {
    const drawn = drawnParts.get(id);
    return drawn?.element.isConnected && onHydrated.has(id) ? drawn : null;
  });
  if (part && !part.isSeen && currentPriority() === IDLE_PRIORITY) use(part.seen);
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (!part) return;
    onHydrated.get(id)?.();
    onHydrated.delete(id);
    // What was typed in the part before it was hydrated (a field filled at once) reaches its state.
    if (ref.current) adoptEarlyInput(ref.current);
  }, [part, id]);
  // No box of its own (the page's grid and flex layouts see its children): it marks where the part is.
  return (
    <div ref={ref} className="contents" {...{ [MARK]: id }}>
      {children}
    </div>
  );
}
