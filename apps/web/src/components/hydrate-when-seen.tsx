import { Suspense, use, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { unstable_getCurrentPriorityLevel as currentPriority, unstable_IdlePriority as IDLE_PRIORITY } from 'scheduler';
import { adoptEarlyInput } from '@/lib/hydration';

/**
 * A part of a server-drawn page that the browser hydrates once it is seen (near the screen) or touched, instead
 * of with the rest of the page (issue 34: a phone's blocking time while hydrating the whole page). Until then
 * the server's markup stays as drawn, and its links work (they are plain links).
 *
 * React hydrates such a part (a Suspense boundary) after the rest of the page, in a pass of its own at idle
 * priority: that pass only is held until the part is near the screen. Whatever else asks for the part gets it
 * at once: a tap, a key or a form sent in it (React hydrates the part an event lands in before handing the
 * event on), or a change of the page around it (React hydrates the part before applying the change). A part the
 * browser draws itself (after a navigation) is drawn at once.
 */
export function HydrateWhenSeen({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Gate>{children}</Gate>
    </Suspense>
  );
}

const MARK = 'data-hydrate-when-seen';
const seen = new Set<string>();
const waiting = new Map<string, Promise<void>>();

function Gate({ children }: { children: ReactNode }) {
  const id = useId();
  // Whether this render hydrates the server's markup of the part (rather than drawing it).
  const [fromServer] = useState(() => typeof document !== 'undefined' && drawnPart(id) !== null);
  if (fromServer && !seen.has(id) && currentPriority() === IDLE_PRIORITY) use(whenSeen(id));
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    // What was typed in the part before it was hydrated (a field filled at once) reaches its state.
    if (fromServer && ref.current) adoptEarlyInput(ref.current);
  }, [fromServer]);
  // No box of its own (the page's grid and flex layouts see its children): it marks where the part is.
  return (
    <div ref={ref} className="contents" {...{ [MARK]: id }}>
      {children}
    </div>
  );
}

function drawnPart(id: string): Element | null {
  return document.querySelector(`[${MARK}="${CSS.escape(id)}"]`);
}

/** Resolves once the server-drawn part with this id is near the screen. */
function whenSeen(id: string): Promise<void> {
  let promise = waiting.get(id);
  if (promise) return promise;
  promise = new Promise<void>((resolve) => {
    const part = drawnPart(id);
    if (!part || part.children.length === 0) return resolve();
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        seen.add(id);
        waiting.delete(id);
        resolve();
      },
      { rootMargin: '200px' },
    );
    for (const child of part.children) observer.observe(child);
  });
  waiting.set(id, promise);
  return promise;
}
