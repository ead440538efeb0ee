import {
  DEMO_ROLES,
  LOCAL_AGENT_ID,
  minutesAgo,
  TEAMS,
  titleCase,
} from '../../db/seed/demoData.ts';
import { insertRows } from '../../db/seed/insert.ts';
import { seedUuid } from '../../db/seed/random.ts';
import type { DemoSeed } from '../seed.ts';

/**
 * The demo's people (one per role, `{role}@local`, and six others), agents and teams: what every
 * other module's rows are created by, run on or owned by. First in the estate.
 */
export const seedFoundation: DemoSeed = async (context) => {
  const { db, random, now } = context;
  const key = (s: string) => context.key(s);

  const demo = DEMO_ROLES.map((role) => ({
    id: seedUuid(key(`person:${role}`)),
    name: `${titleCase(role)} (demo)`,
    email: `${role}@local`,
    type: 'human',
  }));
  const others = [
    'Ada Lovelace',
    'Grace Hopper',
    'Linus Pauling',
    'Margaret Hamilton',
    'Alan Kay',
    'Barbara Liskov',
  ].map((name) => ({
    id: seedUuid(key(`person:${name}`)),
    name,
    email: `${name.toLowerCase().replace(/\s+/g, '.')}@example.com`,
    type: 'human',
  }));
  const people = [...demo, ...others];
  await insertRows(db, 'people', people);
  await insertRows(db, 'opsdeck.person_roles', [
    ...demo.map((person, index) => ({ person_id: person.id, role: DEMO_ROLES[index] })),
    ...others.map((person, index) => ({
      person_id: person.id,
      role: index % 2 ? 'responder' : 'editor',
    })),
  ]);
  const personIds = people.map((person) => person.id);
  const adminId = personIds[0]!;

  const agents = ['eu-west-1', 'us-east-1', 'on-prem'].map((name) => ({
    id: seedUuid(key(`agent:${name}`)),
    name,
    description: `Agent in ${name}`,
    hostname: `agent-${name}.internal`,
    version: 'v1.4.2',
    properties: { region: name },
    last_seen: minutesAgo(now, random.int(0, 3)),
    created_by: adminId,
  }));
  await insertRows(db, 'agents', agents);

  const teams = TEAMS.map((name) => ({
    id: seedUuid(key(`team:${name}`)),
    name,
    icon: 'group',
    spec: { components: [], notifications: [] },
    source: 'UI',
    created_by: adminId,
  }));
  await insertRows(db, 'teams', teams);
  await insertRows(
    db,
    'team_members',
    people.map((person, index) => ({
      team_id: teams[index % teams.length]!.id,
      person_id: person.id,
    })),
  );

  context.estate.adminId = adminId;
  context.estate.personIds = personIds;
  context.estate.agentIds = [LOCAL_AGENT_ID, ...agents.map((agent) => agent.id)];
  context.estate.teamIds = teams.map((team) => team.id);
  context.step('people, agents, teams');
};
