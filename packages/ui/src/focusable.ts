const focusableSelector = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
  '[contenteditable="true"]',
].join(',');

/** Elements inside `container` that Tab can reach, in document order. */
export function focusableElements(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(focusableSelector)).filter(
    (element) =>
      !element.hasAttribute('inert') &&
      !element.closest('[inert]') &&
      element.getAttribute('aria-hidden') !== 'true',
  );
}

// Reached by Tab only to be read (a time whose tooltip gives the absolute moment): not a control.
const readOnlyStop = ':not(a,button,input,select,textarea,[role],[contenteditable="true"])';

/**
 * Where a layer's focus goes when it opens: its first control, not a stop that is only there to be
 * read (which would show its tooltip and take the first Escape); the first focusable otherwise.
 */
export function initialFocusTarget(container: HTMLElement): HTMLElement | undefined {
  const elements = focusableElements(container);
  return elements.find((element) => !element.matches(readOnlyStop)) ?? elements[0];
}
