// CodeMirror's look built from the ui theme tokens, so the editor follows light/dark like the rest.
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import type { Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import type { OpsdeckTheme } from '../theme/themes.ts';

// Syntax colours per mode, each at least 4.5:1 on the editor background of that mode.
const syntaxColors = {
  light: {
    key: '#1d4ed8',
    string: '#166534',
    number: '#9a3412',
    keyword: '#7e22ce',
    comment: '#4b5563',
    invalid: '#b91c1c',
  },
  dark: {
    key: '#93c5fd',
    string: '#86efac',
    number: '#fdba74',
    keyword: '#d8b4fe',
    comment: '#9ca3af',
    invalid: '#fca5a5',
  },
} as const;

export function editorTheme(theme: OpsdeckTheme, height: string): Extension {
  const { colors } = theme;
  const syntax = syntaxColors[theme.mode];
  const base = EditorView.theme(
    {
      '&': {
        height,
        backgroundColor: colors.surface,
        color: colors.text,
        border: `1px solid ${colors.borderStrong}`,
        borderRadius: theme.radius.md,
        fontSize: theme.fontSize.sm,
      },
      '&.cm-focused': { outline: `2px solid ${colors.focusRing}`, outlineOffset: '1px' },
      '.cm-scroller': { overflow: 'auto', fontFamily: theme.fontFamily.mono },
      '.cm-content': { caretColor: colors.text },
      '.cm-cursor, .cm-dropCursor': { borderLeftColor: colors.text },
      '.cm-gutters': {
        backgroundColor: colors.surfaceHover,
        color: colors.textMuted,
        borderRight: `1px solid ${colors.border}`,
      },
      '.cm-activeLine': { backgroundColor: 'transparent' },
      '.cm-activeLineGutter': { backgroundColor: colors.surfaceRaised, color: colors.text },
      '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': {
        backgroundColor: theme.mode === 'dark' ? '#1e3a8a' : '#bfdbfe',
      },
      '.cm-tooltip': {
        backgroundColor: colors.surfaceRaised,
        color: colors.text,
        border: `1px solid ${colors.border}`,
      },
      '.cm-tooltip-lint': { fontFamily: theme.fontFamily.body },
    },
    { dark: theme.mode === 'dark' },
  );
  const highlight = HighlightStyle.define([
    { tag: [tags.propertyName, tags.definition(tags.propertyName)], color: syntax.key },
    { tag: [tags.string, tags.special(tags.string), tags.content], color: syntax.string },
    { tag: [tags.number, tags.bool, tags.null, tags.atom], color: syntax.number },
    { tag: [tags.keyword, tags.meta, tags.typeName, tags.labelName], color: syntax.keyword },
    { tag: tags.comment, color: syntax.comment, fontStyle: 'italic' },
    { tag: tags.invalid, color: syntax.invalid },
  ]);
  return [base, syntaxHighlighting(highlight)];
}
