// Every problem the editor shows for a text: the syntax error, else the schema or callback findings.
import { parseDocument, type CodeLanguage, type CodeProblem } from './parse';
import { schemaProblemsToCodeProblems, validateJsonSchema, type JsonSchema, type SchemaProblem } from './schema';

export interface ProblemCheck {
  language: CodeLanguage;
  schema?: JsonSchema;
  /** Extra checks on the parsed value (e.g. a zod schema's issues mapped to paths). */
  validate?: (value: unknown) => readonly SchemaProblem[];
}

export function findProblems(text: string, { language, schema, validate }: ProblemCheck): CodeProblem[] {
  const parsed = parseDocument(text, language);
  if (!parsed.ok) return [parsed.problem];
  // An empty document is not checked: "nothing yet" is not an error to shout about while typing.
  if (parsed.value === undefined) return [];
  const found = [...(schema ? validateJsonSchema(parsed.value, schema) : []), ...(validate ? validate(parsed.value) : [])];
  return schemaProblemsToCodeProblems(text, found, language);
}
