import type { CheckRef } from '@opsdeck/features-health/slots';
import type { ComponentRef } from '@opsdeck/features-topology/slots';
import {
  attachDefaults,
  defaultHypothesisStatus,
  type NewEvidence,
} from '@opsdeck/api-client/incidents';

// The Attach Evidence dialog's decisions (settings §2, §4 "Attach flow", §5), without React: what
// the form holds, what it is missing, which steps a submit takes and what a failure leaves behind.

/** A choice in one of the dialog's two pickers: an existing record, or one to create by title. */
export type Choice =
  { kind: 'existing'; id: string; title: string } | { kind: 'new'; title: string };

export interface AttachForm {
  incident: Choice | null;
  description: string;
  /** Asked only for a new incident. */
  type: string;
  severity: string;
  hypothesis: Choice | null;
}

export type AttachField = keyof AttachForm;
export type AttachErrors = Partial<Record<AttachField, string>>;

/** Settings §5's messages, spelt once. */
export const attachMessages = {
  incident: 'Must select or create an incident',
  hypothesis: 'Must select or create a hypothesis',
  severity: 'Please select incident severity',
  type: 'Please select an incident type',
  required: 'This field is required',
  linked: 'Linked to incident successfully',
} as const;

export const emptyAttachForm: AttachForm = {
  incident: null,
  description: '',
  type: attachDefaults.type,
  severity: attachDefaults.severity,
  hypothesis: null,
};

const isSet = (choice: Choice | null): choice is Choice =>
  choice !== null && choice.title.trim() !== '';

/** The §5 message of each field the form is missing, none when it may be submitted. */
export function validateAttach(form: AttachForm): AttachErrors {
  const errors: AttachErrors = {};
  if (!isSet(form.incident)) errors.incident = attachMessages.incident;
  // The hypothesis is required only for an existing incident: a new one gets a root (§4 step 2).
  if (form.incident?.kind === 'existing' && !isSet(form.hypothesis)) {
    errors.hypothesis = attachMessages.hypothesis;
  }
  if (form.incident?.kind === 'new') {
    if (form.severity === '') errors.severity = attachMessages.severity;
    if (form.type === '') errors.type = attachMessages.type;
  }
  // Evidence rows need a description (evidences.description is not null).
  if (form.description.trim() === '') errors.description = attachMessages.required;
  return errors;
}

/** Whether the dialog asks for type and severity: only for an incident it will create (§2). */
export function asksIncidentDetails(form: AttachForm): boolean {
  return form.incident?.kind === 'new';
}

/**
 * §4: "When the user picks an existing incident and the hypothesis search yields exactly one
 * option, it is preselected." Returns the choice to set, or undefined to leave the field alone.
 */
export function preselectedHypothesis(
  form: AttachForm,
  options: readonly { id: string; title?: string | null }[],
): Choice | undefined {
  if (form.incident?.kind !== 'existing' || form.hypothesis !== null) return undefined;
  const [only] = options;
  if (options.length !== 1 || !only) return undefined;
  return { kind: 'existing', id: only.id, title: only.title ?? '' };
}

/** What is being attached, as the hosts' slots describe it. */
export type EvidenceSubject =
  | { kind: 'check'; check: CheckRef }
  | { kind: 'config'; config: { id: string; name: string; type: string | null } }
  | { kind: 'component'; component: ComponentRef };

/** The evidence row's own fields for a subject (reference §1 "attach evidence"). */
export function evidenceFields(
  subject: EvidenceSubject,
): Pick<NewEvidence, 'type' | 'check_id' | 'config_id' | 'component_id' | 'evidence'> {
  switch (subject.kind) {
    case 'check':
      return { type: 'check', check_id: subject.check.id, evidence: { name: subject.check.name } };
    case 'config':
      return {
        type: 'config',
        config_id: subject.config.id,
        evidence: { name: subject.config.name },
      };
    case 'component':
      return {
        type: 'topology',
        component_id: subject.component.id,
        evidence: { name: subject.component.name },
      };
  }
}

export function subjectName(subject: EvidenceSubject): string {
  switch (subject.kind) {
    case 'check':
      return subject.check.name;
    case 'config':
      return subject.config.name;
    case 'component':
      return subject.component.name;
  }
}

/** The calls a submit makes; each resolves the created row's id. */
export interface AttachEffects {
  createIncident(input: { title: string; severity: string; type: string }): Promise<{ id: string }>;
  createHypothesis(input: {
    incidentId: string;
    title: string;
    type: 'root';
    status: string;
  }): Promise<{ id: string }>;
  linkEvidence(input: { hypothesisId: string; description: string }): Promise<unknown>;
}

export type AttachStep = 'incident' | 'hypothesis' | 'evidence';

export type AttachOutcome =
  | { ok: true; incidentId: string; incidentTitle: string }
  | {
      ok: false;
      step: AttachStep;
      error: unknown;
      /** What exists now: the form keeps these as existing choices, so a retry never creates twice. */
      form: AttachForm;
      created: {
        incident?: Choice & { kind: 'existing' };
        hypothesis?: Choice & { kind: 'existing' };
      };
    };

/**
 * Runs §4's steps in order and stops at the first failure: 1. a new incident is created (title as
 * typed, severity, type, empty description); 2. a new or empty hypothesis becomes a root
 * hypothesis with status possible (titled as the incident when nothing was typed); 3. the evidence
 * is linked. Call only with a form `validateAttach` accepts.
 */
export async function runAttach(form: AttachForm, effects: AttachEffects): Promise<AttachOutcome> {
  const incident = form.incident;
  if (!incident) throw new Error('runAttach: the form has no incident; validate it first');
  const created: Extract<AttachOutcome, { ok: false }>['created'] = {};
  let current = form;
  const fail = (step: AttachStep, error: unknown): AttachOutcome => ({
    ok: false,
    step,
    error,
    form: current,
    created,
  });

  let incidentChoice: Choice & { kind: 'existing' };
  if (incident.kind === 'new') {
    const title = incident.title.trim();
    try {
      const row = await effects.createIncident({ title, severity: form.severity, type: form.type });
      incidentChoice = { kind: 'existing', id: row.id, title };
    } catch (error) {
      return fail('incident', error);
    }
    created.incident = incidentChoice;
    current = { ...current, incident: incidentChoice };
  } else {
    incidentChoice = incident;
  }

  let hypothesisId: string;
  const hypothesis = form.hypothesis;
  if (hypothesis?.kind === 'existing' && hypothesis.title.trim() !== '') {
    hypothesisId = hypothesis.id;
  } else {
    const typed = hypothesis?.title.trim() ?? '';
    const title = typed === '' ? incidentChoice.title : typed;
    try {
      const row = await effects.createHypothesis({
        incidentId: incidentChoice.id,
        title,
        type: 'root',
        status: defaultHypothesisStatus,
      });
      hypothesisId = row.id;
      created.hypothesis = { kind: 'existing', id: row.id, title };
      current = { ...current, hypothesis: created.hypothesis };
    } catch (error) {
      return fail('hypothesis', error);
    }
  }

  try {
    await effects.linkEvidence({ hypothesisId, description: form.description.trim() });
  } catch (error) {
    return fail('evidence', error);
  }
  return { ok: true, incidentId: incidentChoice.id, incidentTitle: incidentChoice.title };
}

function reason(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'An error occurred';
}

const stepFailure: Record<AttachStep, string> = {
  incident: 'Could not create the incident',
  hypothesis: 'Could not create the hypothesis',
  evidence: 'Could not link the evidence',
};

/**
 * The failure as the dialog says it: the step that failed, why, and what the earlier steps
 * created (so nothing half-made is left behind silently; a retry reuses it).
 */
export function describeFailure(outcome: Extract<AttachOutcome, { ok: false }>): string {
  const made: string[] = [];
  if (outcome.created.incident) made.push(`the incident "${outcome.created.incident.title}"`);
  if (outcome.created.hypothesis) made.push(`the hypothesis "${outcome.created.hypothesis.title}"`);
  const tail =
    made.length > 0
      ? ` Already created: ${made.join(' and ')}; trying again reuses ${made.length > 1 ? 'them' : 'it'}.`
      : '';
  return `${stepFailure[outcome.step]}: ${reason(outcome.error).replace(/\.+$/, '')}.${tail}`;
}
