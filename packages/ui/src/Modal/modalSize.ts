export type ModalSize = 'very-small' | 'small' | 'medium' | 'large' | 'full';

/** CSS width of each modal size; full is 95vw up to 1500px (console spec §9). */
export function modalWidth(size: ModalSize): string {
  switch (size) {
    case 'very-small':
      return 'min(95vw, 400px)';
    case 'small':
      return 'min(95vw, 560px)';
    case 'medium':
      return 'min(95vw, 768px)';
    case 'large':
      return 'min(95vw, 1024px)';
    case 'full':
      return 'min(95vw, 1500px)';
  }
}
