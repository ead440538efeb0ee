export { specVariants, type SpecVariant } from './variants.ts';
