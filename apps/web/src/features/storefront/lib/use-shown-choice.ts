import { useState } from 'react';

/**
 * A choice kept in the URL: the control shows it at once (`selected`), and follows `value` when the URL
 * changes after the navigation tick (React's "adjusting state when a prop changes", no effect).
 */
export function useShownChoice<T>(value: T): [T, (next: T) => void] {
  const [selected, setSelected] = useState(value);
  const [previous, setPrevious] = useState(value);
  if (value !== previous) {
    setPrevious(value);
    setSelected(value);
  }
  return [selected, setSelected];
}
