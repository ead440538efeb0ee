// Every test id of @opsdeck/features-incidents, in one map, so tests and apps never spell them twice.
export const incidentTestIds = {
  list: {
    root: 'incidents-list',
    newButton: 'incidents-new',
    newDialog: 'incidents-new-dialog',
  },
  incident: {
    root: 'incident-page',
    title: 'incident-title',
    status: 'incident-status',
    severity: 'incident-severity',
    people: 'incident-people',
    responders: 'incident-responders',
    hypotheses: 'incident-hypotheses',
    hypothesis: 'incident-hypothesis',
    evidence: 'incident-evidence',
    comments: 'incident-comments',
    timeline: 'incident-timeline',
    timelineEntry: 'incident-timeline-entry',
  },
  attach: {
    button: 'incidents-attach-button',
    dialog: 'incidents-attach-dialog',
    failure: 'incidents-attach-failure',
  },
} as const;
