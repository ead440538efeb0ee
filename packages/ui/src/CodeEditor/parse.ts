// Parsing the editor's text lives in @opsdeck/contracts, so a form's code field is checked the same
// way by the editor and by the server; re-exported for the consumers of @opsdeck/ui/code-editor.
/** @public */
export {
  lineColumnAt,
  offsetAt,
  parseDocument,
  type CodeLanguage,
  type CodeProblem,
  type ParseResult,
} from '@opsdeck/contracts/form';
