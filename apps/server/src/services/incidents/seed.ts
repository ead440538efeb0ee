import { minutesAgo } from '../../db/seed/demoData.ts';
import { insertRows } from '../../db/seed/insert.ts';
import { seedUuid } from '../../db/seed/random.ts';
import { type DemoSeed, need } from '../seed.ts';

/** Demo incidents with hypotheses, evidence, responders, comments and history. */
export const seedIncidents: DemoSeed = async (context) => {
  const { db, random, now } = context;
  const id = (s: string) => seedUuid(context.key(s));
  const personIds = need(context.estate.personIds, 'personIds');
  const person = () => random.pick(personIds);
  const deployments = need(context.estate.deployments, 'deployments');
  const { rows: someChecks } = await db.query<{ id: string; component_id: string | null }>(
    `SELECT id, (SELECT component_id FROM check_component_relationships r
                 WHERE r.check_id = checks.id ORDER BY component_id LIMIT 1) AS component_id
     FROM checks ORDER BY name LIMIT 20`,
  );
  const incidents: Record<string, unknown>[] = [];
  const hypotheses: Record<string, unknown>[] = [];
  const evidences: Record<string, unknown>[] = [];
  const comments: Record<string, unknown>[] = [];
  const responders: Record<string, unknown>[] = [];
  const histories: Record<string, unknown>[] = [];
  const titles = [
    'Checkout latency above SLO',
    'Payments API returning 503',
    'Database replica lag',
    'Certificate expiring on gateway',
    'Search index stale',
    'Pods crash-looping in data',
    'DNS resolution failures',
    'Queue backlog growing',
    'Login errors after deploy',
    'Disk pressure on node-2',
    'Elevated 5xx on web',
    'Billing job failed',
  ];
  titles.forEach((title, n) => {
    const incidentId = id(`incident:${n}`);
    const status = random.pick(['open', 'open', 'mitigated', 'resolved', 'closed', 'cancelled']);
    const created = minutesAgo(now, random.int(30, 60 * 24 * 20));
    incidents.push({
      id: incidentId,
      incident_id: `INC-${n + 1}`,
      title,
      description: `${title}. Reported by monitoring.`,
      type: random.pick([
        'availability',
        'latency',
        'security',
        'cost',
        'compliance',
        'technical_debt',
      ]),
      status,
      severity: random.pick(['Low', 'Medium', 'High', 'Critical', 'Blocker']),
      created_by: person(),
      commander_id: person(),
      communicator_id: person(),
      acknowledged: status === 'open' ? null : created,
      resolved:
        status === 'resolved' || status === 'closed' ? minutesAgo(now, random.int(0, 20)) : null,
      closed: status === 'closed' ? minutesAgo(now, random.int(0, 10)) : null,
      created_at: created,
      updated_at: created,
    });
    const rootHypothesis = id(`hypothesis:${n}:root`);
    const factor = id(`hypothesis:${n}:factor`);
    const solution = id(`hypothesis:${n}:solution`);
    hypotheses.push(
      {
        id: rootHypothesis,
        incident_id: incidentId,
        parent_id: null,
        type: 'root',
        title,
        status: 'possible',
        created_by: person(),
      },
      {
        id: factor,
        incident_id: incidentId,
        parent_id: rootHypothesis,
        type: 'factor',
        title: 'Recent deployment changed connection pool size',
        status: random.pick(['possible', 'likely', 'proven', 'disproven']),
        created_by: person(),
      },
      {
        id: solution,
        incident_id: incidentId,
        parent_id: factor,
        type: 'solution',
        title: 'Roll back to the previous image',
        status: 'possible',
        created_by: person(),
      },
    );
    const check = someChecks[n % Math.max(1, someChecks.length)];
    if (check) {
      evidences.push({
        id: id(`evidence:${n}:check`),
        hypothesis_id: factor,
        description: 'Failing health check',
        type: 'check',
        check_id: check.id,
        // The component the check belongs to: the incident shows on its topology card and page.
        component_id: check.component_id,
        evidence: { includeMessages: true },
        definition_of_done: n % 3 === 0,
        done: n % 6 === 0,
        created_by: person(),
      });
    }
    evidences.push({
      id: id(`evidence:${n}:config`),
      hypothesis_id: factor,
      description: 'Deployment changed shortly before',
      type: 'config',
      config_id: random.pick(deployments),
      evidence: { lines: [] },
      definition_of_done: false,
      done: null,
      created_by: person(),
    });
    const responderId = id(`responder:${n}`);
    responders.push({
      id: responderId,
      incident_id: incidentId,
      type: 'person',
      person_id: person(),
      team_id: null,
      properties: {},
      created_by: person(),
    });
    comments.push(
      {
        id: id(`comment:${n}:0`),
        incident_id: incidentId,
        hypothesis_id: null,
        comment: 'Looking into it now.',
        created_by: person(),
        created_at: created,
      },
      {
        id: id(`comment:${n}:1`),
        incident_id: incidentId,
        hypothesis_id: factor,
        comment: 'The pool size went from 20 to 5 in the last release.',
        created_by: person(),
        created_at: created,
      },
    );
    histories.push(
      {
        incident_id: incidentId,
        type: 'incident.created',
        description: title,
        created_by: person(),
        created_at: created,
      },
      {
        incident_id: incidentId,
        type: 'responder.created',
        responder_id: responderId,
        created_by: person(),
        created_at: created,
      },
    );
  });
  await insertRows(db, 'incidents', incidents);
  await insertRows(db, 'hypotheses', hypotheses);
  await insertRows(db, 'evidences', evidences);
  await insertRows(db, 'responders', responders);
  await insertRows(db, 'comments', comments);
  await insertRows(db, 'incident_histories', histories);
};
