import type { CheckSummary } from '@opsdeck/api-client/health';
import { useEffect, useMemo, useRef, useState, type FocusEvent, type PointerEvent } from 'react';
import type { HealthRows } from '../model/grouping.ts';

interface Shown {
  checks: readonly CheckSummary[];
  rows: HealthRows;
}

/**
 * Whether the user is in the list: the pointer over it or focus inside it. Spread the handlers on
 * the element around the list.
 */
export function useUserInside() {
  const [pointer, setPointer] = useState(false);
  const [focus, setFocus] = useState(false);
  const handlers = useMemo(
    () => ({
      onPointerOver: () => setPointer(true),
      onPointerOut: (event: PointerEvent<HTMLElement>) => {
        const to = event.relatedTarget;
        if (!(to instanceof Node) || !event.currentTarget.contains(to)) setPointer(false);
      },
      onPointerLeave: () => setPointer(false),
      onFocus: () => setFocus(true),
      onBlur: (event: FocusEvent<HTMLElement>) => {
        const to = event.relatedTarget;
        if (!(to instanceof Node) || !event.currentTarget.contains(to)) setFocus(false);
      },
    }),
    [],
  );
  return { inside: pointer || focus, handlers };
}

/**
 * The rows as last shown while `held` (the user's pointer or focus is in the list) and only fresh
 * data came in: each row keeps its place with its check's new values, so a refetch never moves the
 * row under the pointer or the focused button. The new order applies as soon as `held` ends. A
 * change the user made (`view`: sort, search, filters, grouping, folds) applies at once.
 */
export function useHeldOrder(
  checks: readonly CheckSummary[],
  rows: HealthRows,
  /** What the user chose, as a comparable value (a string). */
  view: string,
  held: boolean,
): Shown {
  const base = useRef<(Shown & { view: string }) | undefined>(undefined);
  const shown = useMemo(() => {
    const last = base.current;
    if (!held || !last || last.view !== view || last.checks === checks)
      return { checks, rows, held: false };
    const byId = new Map(checks.map((check) => [check.id, check]));
    return {
      checks: last.checks.map((check) => byId.get(check.id) ?? check),
      rows: last.rows,
      held: true,
    };
  }, [checks, rows, view, held]);
  useEffect(() => {
    if (!shown.held) base.current = { checks, rows, view };
  });
  return shown;
}
