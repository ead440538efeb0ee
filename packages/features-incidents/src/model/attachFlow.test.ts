import { describe, expect, it, vi } from 'vitest';
import {
  asksIncidentDetails,
  attachMessages,
  describeFailure,
  emptyAttachForm,
  evidenceFields,
  preselectedHypothesis,
  runAttach,
  validateAttach,
  type AttachEffects,
  type AttachForm,
} from './attachFlow.ts';

const existingIncident = { kind: 'existing', id: 'i1', title: 'API down' } as const;
const newIncident = { kind: 'new', title: 'Checkout slow' } as const;
const existingHypothesis = { kind: 'existing', id: 'h1', title: 'DB pool' } as const;

function form(patch: Partial<AttachForm>): AttachForm {
  return { ...emptyAttachForm, description: 'api-health failing', ...patch };
}

/** Effects that record their calls and resolve ids, each replaceable by a failure. */
function effects(overrides: Partial<AttachEffects> = {}) {
  const calls: string[] = [];
  const base: AttachEffects = {
    createIncident: vi.fn(async (input) => {
      calls.push(`incident ${input.title} ${input.severity} ${input.type}`);
      return { id: 'i-new' };
    }),
    createHypothesis: vi.fn(async (input) => {
      calls.push(`hypothesis ${input.incidentId} "${input.title}" ${input.type} ${input.status}`);
      return { id: 'h-new' };
    }),
    linkEvidence: vi.fn(async (input) => {
      calls.push(`evidence ${input.hypothesisId} "${input.description}"`);
    }),
  };
  return { calls, effects: { ...base, ...overrides } };
}

describe('validation (settings §5)', () => {
  it('asks for an incident with its message', () => {
    expect(validateAttach(form({}))).toEqual({ incident: attachMessages.incident });
    expect(attachMessages.incident).toBe('Must select or create an incident');
    // A new incident with nothing typed is no incident.
    expect(validateAttach(form({ incident: { kind: 'new', title: '  ' } })).incident).toBe(
      'Must select or create an incident',
    );
  });

  it('requires a hypothesis only for an existing incident', () => {
    expect(validateAttach(form({ incident: existingIncident }))).toEqual({
      hypothesis: 'Must select or create a hypothesis',
    });
    expect(validateAttach(form({ incident: newIncident }))).toEqual({});
    expect(
      validateAttach(form({ incident: existingIncident, hypothesis: existingHypothesis })),
    ).toEqual({});
  });

  it('requires severity and type for a new incident only', () => {
    const blank = { severity: '', type: '' };
    expect(validateAttach(form({ incident: newIncident, ...blank }))).toEqual({
      severity: 'Please select incident severity',
      type: 'Please select an incident type',
    });
    expect(
      validateAttach(
        form({ incident: existingIncident, hypothesis: existingHypothesis, ...blank }),
      ),
    ).toEqual({});
  });

  it('requires a description', () => {
    expect(validateAttach(form({ incident: newIncident, description: ' ' }))).toEqual({
      description: 'This field is required',
    });
  });

  it('asks type and severity only for a new incident, defaulting to availability and low', () => {
    expect(emptyAttachForm).toMatchObject({ type: 'availability', severity: 'low' });
    expect(asksIncidentDetails(form({ incident: newIncident }))).toBe(true);
    expect(asksIncidentDetails(form({ incident: existingIncident }))).toBe(false);
    expect(asksIncidentDetails(form({}))).toBe(false);
  });
});

describe('hypothesis preselection (settings §4)', () => {
  const one = [{ id: 'h1', title: 'DB pool' }];
  it('preselects the only hypothesis of an existing incident', () => {
    expect(preselectedHypothesis(form({ incident: existingIncident }), one)).toEqual(
      existingHypothesis,
    );
  });
  it('leaves the field alone with several or no options, a new incident, or a choice made', () => {
    const two = [...one, { id: 'h2', title: 'Cache' }];
    expect(preselectedHypothesis(form({ incident: existingIncident }), two)).toBeUndefined();
    expect(preselectedHypothesis(form({ incident: existingIncident }), [])).toBeUndefined();
    expect(preselectedHypothesis(form({ incident: newIncident }), one)).toBeUndefined();
    const typed = form({ incident: existingIncident, hypothesis: { kind: 'new', title: 'x' } });
    expect(preselectedHypothesis(typed, one)).toBeUndefined();
  });
});

describe('the attach flow (settings §4)', () => {
  it('new incident: creates it, then a root hypothesis titled as the incident, then links', async () => {
    const { calls, effects: run } = effects();
    const outcome = await runAttach(form({ incident: newIncident }), run);
    expect(calls).toEqual([
      'incident Checkout slow low availability',
      'hypothesis i-new "Checkout slow" root possible',
      'evidence h-new "api-health failing"',
    ]);
    expect(outcome).toEqual({ ok: true, incidentId: 'i-new', incidentTitle: 'Checkout slow' });
  });

  it('new incident with a typed hypothesis: the root hypothesis takes the typed title', async () => {
    const { calls, effects: run } = effects();
    await runAttach(
      form({ incident: newIncident, hypothesis: { kind: 'new', title: ' Bad deploy ' } }),
      run,
    );
    expect(calls[1]).toBe('hypothesis i-new "Bad deploy" root possible');
  });

  it('existing incident and hypothesis: only links', async () => {
    const { calls, effects: run } = effects();
    const outcome = await runAttach(
      form({ incident: existingIncident, hypothesis: existingHypothesis }),
      run,
    );
    expect(calls).toEqual(['evidence h1 "api-health failing"']);
    expect(outcome).toMatchObject({ ok: true, incidentId: 'i1' });
  });

  it('existing incident, new hypothesis: creates the hypothesis under it, then links', async () => {
    const { calls, effects: run } = effects();
    await runAttach(
      form({ incident: existingIncident, hypothesis: { kind: 'new', title: 'Cache' } }),
      run,
    );
    expect(calls).toEqual([
      'hypothesis i1 "Cache" root possible',
      'evidence h-new "api-health failing"',
    ]);
  });

  it('a failed incident create stops the flow with nothing created', async () => {
    const { calls, effects: run } = effects({
      createIncident: async () => {
        throw new Error('title is required');
      },
    });
    const typed = form({ incident: newIncident, hypothesis: { kind: 'new', title: 'Cache' } });
    const outcome = await runAttach(typed, run);
    expect(calls).toEqual([]);
    expect(outcome).toMatchObject({ ok: false, step: 'incident', created: {} });
    if (outcome.ok) return;
    // Every field as typed.
    expect(outcome.form).toEqual(typed);
    expect(describeFailure(outcome)).toBe('Could not create the incident: title is required.');
  });

  it('a failed hypothesis create stops the flow and says the incident was created', async () => {
    const { calls, effects: run } = effects({
      createHypothesis: async () => {
        throw new Error('forbidden');
      },
    });
    const outcome = await runAttach(form({ incident: newIncident }), run);
    expect(calls).toEqual(['incident Checkout slow low availability']);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.step).toBe('hypothesis');
    // The created incident replaces the "new" choice, so trying again does not create it twice.
    expect(outcome.form.incident).toEqual({
      kind: 'existing',
      id: 'i-new',
      title: 'Checkout slow',
    });
    expect(outcome.form.description).toBe('api-health failing');
    expect(describeFailure(outcome)).toBe(
      'Could not create the hypothesis: forbidden. Already created: the incident "Checkout slow"; trying again reuses it.',
    );
  });

  it('a failed link reports the incident and hypothesis it created', async () => {
    const { effects: run } = effects({
      linkEvidence: async () => {
        throw new Error('Network Error. Please try again.');
      },
    });
    const outcome = await runAttach(form({ incident: newIncident }), run);
    if (outcome.ok) throw new Error('expected a failure');
    expect(outcome.step).toBe('evidence');
    expect(outcome.form.hypothesis).toEqual({
      kind: 'existing',
      id: 'h-new',
      title: 'Checkout slow',
    });
    expect(describeFailure(outcome)).toBe(
      'Could not link the evidence: Network Error. Please try again. Already created: the incident "Checkout slow" and the hypothesis "Checkout slow"; trying again reuses them.',
    );
    // The retry with the returned form creates nothing again.
    const { calls, effects: retry } = effects();
    expect(await runAttach(outcome.form, retry)).toMatchObject({ ok: true, incidentId: 'i-new' });
    expect(calls).toEqual(['evidence h-new "api-health failing"']);
  });
});

describe('evidence fields', () => {
  it('points the evidence at the check, config or component', () => {
    expect(
      evidenceFields({ kind: 'check', check: { id: 'k1', name: 'api-health', canaryId: null } }),
    ).toEqual({ type: 'check', check_id: 'k1', evidence: { name: 'api-health' } });
    expect(
      evidenceFields({ kind: 'config', config: { id: 'c1', name: 'deploy/api', type: null } }),
    ).toMatchObject({ type: 'config', config_id: 'c1' });
    expect(
      evidenceFields({ kind: 'component', component: { id: 'x1', name: 'api' } }),
    ).toMatchObject({ type: 'topology', component_id: 'x1' });
  });
});
