import { useFormikContext } from 'formik';
import { dump } from 'js-yaml';
import { useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { parseDocument } from '@opsdeck/contracts/form';
import { Tabs } from '../../Tabs/index.ts';
import { LazyCodeEditor } from '../LazyCodeEditor.tsx';
import type { FormValues } from '@opsdeck/contracts/form';

export const CODE_NOT_A_MAP_MESSAGE = 'The document must be a map of fields';

const Notice = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

export function valuesToYaml(values: FormValues): string {
  // Fields without a value yet (an empty number) are left out rather than failing the dump.
  return dump(values, { skipInvalid: true, lineWidth: -1, noRefs: true });
}

/** The text of the Code tab as form values, or why it is not one. */
export function yamlToValues(
  text: string,
): { ok: true; values: FormValues } | { ok: false; message: string } {
  const parsed = parseDocument(text, 'yaml');
  if (!parsed.ok) return { ok: false, message: parsed.problem.message };
  const value = parsed.value ?? {};
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, message: CODE_NOT_A_MAP_MESSAGE };
  return { ok: true, values: value as FormValues };
}

function sameValues(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export interface FormCodeTabsProps {
  /** The Form tab's contents (usually SchemaFields). */
  form: ReactNode;
  /** Names the code editor, e.g. "Postgres connection as YAML". */
  codeLabel: string;
  /** Any CSS height for the code editor. */
  codeHeight?: string;
}

/**
 * One formik value shown two ways: the fields, or YAML. Valid YAML replaces the value as it is
 * typed; text that does not parse stays in the Code tab with its error (also across tab switches)
 * and the value keeps its last valid state.
 */
export function FormCodeTabs({ form, codeLabel, codeHeight = '360px' }: FormCodeTabsProps) {
  const { values, setValues } = useFormikContext<FormValues>();
  const [tab, setTab] = useState('form');
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string>();
  // The value the Code tab's text stands for; a form edit since then rewrites the text.
  const textOf = useRef<FormValues | undefined>(undefined);

  function select(next: string) {
    if (next === 'code' && (textOf.current === undefined || !sameValues(textOf.current, values))) {
      setText(valuesToYaml(values));
      setProblem(undefined);
      textOf.current = values;
    }
    setTab(next);
  }

  function edit(next: string) {
    setText(next);
    const result = yamlToValues(next);
    if (!result.ok) {
      setProblem(result.message);
      return;
    }
    setProblem(undefined);
    textOf.current = result.values;
    void setValues(result.values, true);
  }

  return (
    <Tabs
      aria-label="Edit as"
      value={tab}
      onValueChange={select}
      items={[
        {
          value: 'form',
          label: 'Form',
          content: (
            <>
              {problem && (
                <Notice role="status">
                  The Code tab has an error ({problem}); the form shows the last valid value.
                </Notice>
              )}
              {form}
            </>
          ),
        },
        {
          value: 'code',
          label: 'Code',
          content: (
            <LazyCodeEditor
              label={codeLabel}
              value={text}
              onChange={edit}
              language="yaml"
              height={codeHeight}
            />
          ),
        },
      ]}
    />
  );
}
