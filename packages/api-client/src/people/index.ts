export { listPeople, listTeams, peopleQuery, teamsQuery, type PersonOrTeam } from './calls.ts';
export { peopleInvalidations, peopleKeys } from './keys.ts';
