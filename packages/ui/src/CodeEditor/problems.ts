// Every problem the editor shows for a text: the syntax error, else the schema or callback findings.
import { parseDocument, type CodeLanguage, type CodeProblem } from '@opsdeck/contracts/form';
import { schemaProblemsToCodeProblems, type SchemaCheck, type SchemaProblem } from './schema.ts';

export interface ProblemCheck {
  language: CodeLanguage;
  /** A JSON schema made ready by loadSchemaCheck (absent while it loads). */
  schemaCheck?: SchemaCheck;
  /** Extra checks on the parsed value (e.g. a zod schema's issues mapped to paths). */
  validate?: (value: unknown) => readonly SchemaProblem[];
}

export function findProblems(
  text: string,
  { language, schemaCheck, validate }: ProblemCheck,
): CodeProblem[] {
  const parsed = parseDocument(text, language);
  if (!parsed.ok) return [parsed.problem];
  // An empty document is not checked: "nothing yet" is not an error to shout about while typing.
  if (parsed.value === undefined) return [];
  const found = [
    ...(schemaCheck ? schemaCheck(parsed.value) : []),
    ...(validate ? validate(parsed.value) : []),
  ];
  return schemaProblemsToCodeProblems(text, found, language);
}
