export * from './EntityPicker.tsx';
export * from './entityOption.ts';
