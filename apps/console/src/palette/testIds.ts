// The palette's test ids, so unit and end-to-end tests never spell them twice.
export const paletteTestIds = {
  dialog: 'console-palette',
  button: 'console-palette-button',
  input: 'console-palette-input',
  list: 'console-palette-list',
  option: 'console-palette-option',
  status: 'console-palette-status',
  shortcuts: 'console-shortcuts-dialog',
};
