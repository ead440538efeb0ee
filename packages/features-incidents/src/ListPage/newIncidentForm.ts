import {
  attachDefaults,
  incidentStatuses,
  incidentTextLimits,
  incidentTypes,
} from '@opsdeck/api-client/incidents';
import type { FormDescription } from '@opsdeck/ui/forms';
import { incidentStatusLabel, severityOptions, typeLabel } from '../model/status.ts';

/** The New incident form, as data for ui's SchemaForm (settings §4 values and defaults). */
export const newIncidentForm: FormDescription = {
  type: 'incident',
  label: 'New incident',
  fields: [
    {
      kind: 'text',
      name: 'title',
      label: 'Title',
      required: true,
      maxLength: incidentTextLimits.title,
      help: `At most ${incidentTextLimits.title} characters`,
    },
    {
      kind: 'text',
      name: 'description',
      label: 'Description',
      multiline: true,
      maxLength: incidentTextLimits.description,
      help: `At most ${incidentTextLimits.description} characters`,
    },
    {
      kind: 'select',
      name: 'type',
      label: 'Type',
      required: true,
      default: attachDefaults.type,
      options: incidentTypes.map((value) => ({ value, label: typeLabel(value) })),
    },
    {
      kind: 'select',
      name: 'severity',
      label: 'Severity',
      required: true,
      default: attachDefaults.severity,
      options: severityOptions(),
    },
    {
      kind: 'select',
      name: 'status',
      label: 'Status',
      required: true,
      default: 'open',
      options: incidentStatuses.map((value) => ({ value, label: incidentStatusLabel(value) })),
    },
  ],
};
