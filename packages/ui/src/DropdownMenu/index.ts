export * from './DropdownMenu';
