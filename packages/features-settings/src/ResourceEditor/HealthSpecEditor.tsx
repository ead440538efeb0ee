import { SchemaFields } from '@opsdeck/ui/forms';
import { Button, ExternalLink, Tabs } from '@opsdeck/ui';
import { CodeField } from '@opsdeck/ui/forms';
import { useFormikContext } from 'formik';
import { useState } from 'react';
import styled from 'styled-components';
import { Alert, Muted } from '../components/PageLayout.ts';
import {
  catalogType,
  guidedCheckOf,
  newCheckValues,
  specWithCheck,
  specWithRawType,
  type HealthCheckType,
  type SpecTypeCatalog,
} from '../model/healthSpec.ts';
import { parseSpecText, specToYaml, type ResourceFormValues } from '../model/resourceForm.ts';
import { settingsTestIds } from '../testIds.ts';
import { checkTypeIcon } from './typeIcons.ts';

const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(10rem, 1fr));
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Card = styled.button`
  display: flex;
  width: 100%;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  text-align: left;
  cursor: pointer;

  &:hover {
    border-color: ${({ theme }) => theme.colors.link};
  }
`;

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};

  a {
    color: ${({ theme }) => theme.colors.link};
  }
`;

const Fields = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

/** The grid of types (settings §2): a card opens that type's form. */
function TypeGrid({
  catalog,
  onPick,
}: {
  catalog: SpecTypeCatalog;
  onPick: (type: HealthCheckType) => void;
}) {
  return (
    <section aria-label={catalog.label} data-testid={settingsTestIds.typeGrid}>
      <Muted>Pick a type.</Muted>
      <Grid>
        {catalog.types.map((type) => {
          const Icon = checkTypeIcon(type.type);
          return (
            <li key={type.type}>
              <Card type="button" onClick={() => onPick(type)}>
                <Icon size={18} aria-hidden="true" />
                {type.label}
              </Card>
            </li>
          );
        })}
      </Grid>
    </section>
  );
}

/**
 * The health spec editor and the scraper spec editor (settings §2): a new record starts on the type
 * grid; a guided type has Form and Code tabs over one value, every other type the code editor.
 * Back returns a new record to the grid.
 */
export function HealthSpecEditor({
  catalog,
  isNew,
  restored = false,
  disabled,
}: {
  catalog: SpecTypeCatalog;
  isNew: boolean;
  /** The values are a restored draft: its spec opens as it was left, not on the grid. */
  restored?: boolean;
  disabled: boolean;
}) {
  const { values, setValues, errors } = useFormikContext<ResourceFormValues>();
  const [picking, setPicking] = useState(isNew && !values.guided && !restored);
  const [rawType, setRawType] = useState<HealthCheckType>();
  const [notice, setNotice] = useState<string>();
  const guidedType = catalogType(catalog, values.guided?.type);

  const pick = (type: HealthCheckType) => {
    setPicking(false);
    setNotice(undefined);
    const own = parseSpecText(values.spec);
    const spec = own.ok ? own.spec : {};
    if (type.guided) {
      void setValues({
        ...values,
        guided: { type: type.type, check: newCheckValues(type, values.name) },
      });
      setRawType(undefined);
    } else {
      setRawType(type);
      void setValues({
        ...values,
        guided: undefined,
        spec: specToYaml(specWithRawType(spec, type, values.name)),
      });
    }
  };

  // Form → Code: the spec text becomes what the form stands for; Code → Form: the text's one
  // check opens in its form, when it still is one of that type.
  const switchTab = (tab: string) => {
    setNotice(undefined);
    if (tab === 'code' && values.guided && guidedType) {
      const own = parseSpecText(values.spec);
      const spec = specWithCheck(
        own.ok ? own.spec : {},
        guidedType,
        values.guided.check,
        values.guided.original,
        catalog,
      );
      void setValues({ ...values, spec: specToYaml(spec), guided: undefined });
      setRawType(guidedType);
    } else if (tab === 'form' && !values.guided) {
      const parsed = parseSpecText(values.spec);
      const guided = parsed.ok ? guidedCheckOf(parsed.spec, catalog) : undefined;
      if (!guided || (rawType && guided.type.type !== rawType.type)) {
        setNotice('The spec is no single entry of a type with a form: edit it as code.');
        return;
      }
      void setValues({
        ...values,
        guided: { type: guided.type.type, check: guided.check, original: guided.original },
      });
    }
  };

  if (picking && !disabled) return <TypeGrid catalog={catalog} onPick={pick} />;

  const shownType = guidedType ?? rawType;
  const code = (
    <CodeField name="spec" label="Spec" language="yaml" height="360px" disabled={disabled} />
  );
  const specError = typeof errors.spec === 'string' && values.guided ? errors.spec : undefined;
  return (
    <Fields>
      <Bar>
        {/* The type grid is a new record's (settings §2): an existing one has no Back to it. */}
        {!disabled && isNew && (
          <Button type="button" onClick={() => setPicking(true)}>
            Back
          </Button>
        )}
        {shownType && (
          <>
            <strong>{shownType.label}</strong>
            <a href={shownType.docsUrl} target="_blank" rel="noreferrer">
              {`${shownType.label} documentation`} <ExternalLink size={12} aria-hidden="true" />
            </a>
          </>
        )}
      </Bar>
      {notice && <Alert role="status">{notice}</Alert>}
      {guidedType || (rawType?.guided ?? false) ? (
        <Tabs
          aria-label="Edit as"
          value={values.guided ? 'form' : 'code'}
          onValueChange={switchTab}
          items={[
            {
              value: 'form',
              label: 'Form',
              content: values.guided ? (
                <fieldset disabled={disabled} style={{ border: 0, margin: 0, padding: 0 }}>
                  <Fields>
                    {guidedType && (
                      <SchemaFields fields={guidedType.description.fields} prefix="guided.check" />
                    )}
                    {specError && <Alert role="alert">{specError}</Alert>}
                  </Fields>
                </fieldset>
              ) : null,
            },
            { value: 'code', label: 'Code', content: values.guided ? null : code },
          ]}
        />
      ) : (
        code
      )}
    </Fields>
  );
}
