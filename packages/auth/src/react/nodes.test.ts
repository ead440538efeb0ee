import type { UiNode } from '@ory/client-fetch';
import { describe, expect, it } from 'vitest';
import {
  groupRuns,
  initialValues,
  nestValues,
  nodesForGroups,
  submissionBody,
  withoutMessages,
} from './nodes.ts';

const input = (group: string, name: string, type: string, value?: unknown): UiNode =>
  ({
    type: 'input',
    group,
    attributes: { node_type: 'input', name, type, value, disabled: false },
    messages: [],
    meta: {},
  }) as UiNode;

const nodes = [
  input('default', 'csrf_token', 'hidden', 'tok'),
  input('profile', 'traits.email', 'email', 'a@b'),
  input('profile', 'traits.name.first', 'text'),
  input('profile', 'traits.tos', 'checkbox', true),
  input('profile', 'method', 'submit', 'profile'),
  input('password', 'password', 'password'),
  input('password', 'method', 'submit', 'password'),
];

describe('flow node helpers', () => {
  it('starts the form from the server values, skipping buttons', () => {
    expect(initialValues(nodes)).toEqual({
      csrf_token: 'tok',
      'traits.email': 'a@b',
      'traits.name.first': '',
      'traits.tos': true,
      password: '',
    });
  });

  it('sends nested traits and the pressed button', () => {
    expect(
      submissionBody(
        { csrf_token: 'tok', 'traits.email': 'x@y', 'traits.name.first': 'Ada' },
        nodes[4],
      ),
    ).toEqual({
      csrf_token: 'tok',
      traits: { email: 'x@y', name: { first: 'Ada' } },
      method: 'profile',
    });
    expect(nestValues({ 'a.b': 1, 'a.c': 2, d: 3 })).toEqual({ a: { b: 1, c: 2 }, d: 3 });
  });

  it('keeps default nodes with each group and groups consecutive runs', () => {
    expect(
      nodesForGroups(nodes, ['password']).map((node) => (node.attributes as { name: string }).name),
    ).toEqual(['csrf_token', 'password', 'method']);
    expect(groupRuns(nodes).map((run) => run.group)).toEqual(['default', 'profile', 'password']);
  });

  it('clears flow and node messages', () => {
    const flow = {
      ui: {
        messages: [{ id: 1, text: 'x', type: 'info' as const }],
        nodes: [{ ...nodes[1]!, messages: [{ id: 2, text: 'y', type: 'error' as const }] }],
      },
    };
    const cleared = withoutMessages(flow as never) as typeof flow;
    expect(cleared.ui.messages).toEqual([]);
    expect(cleared.ui.nodes[0]?.messages).toEqual([]);
  });
});
