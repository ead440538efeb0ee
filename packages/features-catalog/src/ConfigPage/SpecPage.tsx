import { Button, CopyToClipboard, EmptyState, Moment, SkeletonText, TagList } from '@opsdeck/ui';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { Section, Toolbar } from '../components/PageLayout.ts';
import { specText, type SpecFormat } from '../model/spec.ts';
import { catalogTestIds } from '../testIds.ts';
import { useConfig } from './configContext.ts';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 220px), 1fr));
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  font-size: ${({ theme }) => theme.fontSize.sm};

  div {
    min-width: 0;
  }
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

// The editor (CodeMirror, the biggest chunk of the console) loads on its own: the config's header
// and facts paint without waiting for it. Through the route's module it held the detail's first
// paint until it had loaded (the catalog browser bench, issue 16).
const CodeEditor = lazy(() =>
  import('@opsdeck/ui/code-editor').then((module) => ({ default: module.CodeEditor })),
);

/** As tall as the document (about 20 px a line), up to 640 px or 70% of the screen. */
const editorHeight = (text: string) => `min(640px, 70vh, ${text.split('\n').length * 20 + 16}px)`;

/** The config's index sub-page: its facts and the scraped document, read-only. */
export function SpecPage() {
  const { config } = useConfig();
  const [format, setFormat] = useState<SpecFormat>('yaml');
  const [open, setOpen] = useState(true);
  const text = useMemo(() => specText(config.config, format), [config.config, format]);
  const externalId = Array.isArray(config.external_id)
    ? config.external_id.join(', ')
    : config.external_id;
  const facts: [string, React.ReactNode][] = [
    ['Created', config.created_at ? <Moment value={config.created_at} /> : null],
    ['Updated', config.updated_at ? <Moment value={config.updated_at} /> : null],
    ['External id', externalId],
    ['Description', config.description],
    [
      'Scraper',
      config.scraper ? (
        <Link to={`/catalog/scrapers/${encodeURIComponent(config.scraper.id)}`}>
          {config.scraper.name ?? config.scraper.id}
        </Link>
      ) : null,
    ],
    ['Source', config.source],
  ];
  return (
    <>
      <Facts>
        {facts
          .filter(([, value]) => value !== null && value !== undefined && value !== '')
          .map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </Facts>
      {config.labels && Object.keys(config.labels).length > 0 ? (
        <Section>
          <h2>Labels</h2>
          <TagList tags={config.labels} aria-label="Labels" />
        </Section>
      ) : null}
      <Section data-testid={catalogTestIds.config.spec}>
        <Toolbar>
          <h2>Spec</h2>
          <Button
            aria-expanded={open}
            onClick={() => setOpen(!open)}
            aria-controls="catalog-config-spec-editor"
          >
            {open ? 'Collapse' : 'Expand'}
          </Button>
          <Button
            aria-pressed={format === 'json'}
            onClick={() => setFormat(format === 'json' ? 'yaml' : 'json')}
          >
            JSON
          </Button>
          {text ? <CopyToClipboard value={text} label="Copy the spec" /> : null}
        </Toolbar>
        <div id="catalog-config-spec-editor" hidden={!open}>
          {text ? (
            open ? (
              <Suspense fallback={<SkeletonText label="Loading the spec" lines={6} />}>
                <CodeEditor
                  value={text}
                  language={format}
                  label={`Spec of ${config.name ?? config.id}`}
                  readOnly
                  height={editorHeight(text)}
                />
              </Suspense>
            ) : null
          ) : (
            <EmptyState kind="details" title="This config has no spec" />
          )}
        </div>
      </Section>
    </>
  );
}
