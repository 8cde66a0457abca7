/// <reference types="vite/client" />

// React's scheduler (react-dom's own, the version it depends on): components/hydrate-when-seen.tsx asks which
// priority the running render has. The package ships no types.
declare module 'scheduler' {
  export const unstable_IdlePriority: number;
  export function unstable_getCurrentPriorityLevel(): number;
}
