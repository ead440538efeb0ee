// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { FormDescription } from '../form/description.ts';
import { defaultValues, submittedValues, type FormValues } from '../form/model.ts';
import { buildUrl, parseUrl } from '../form/url.ts';
import { getPath } from '../form/model.ts';
import { connectionFieldsFromUrl } from './urlFields.ts';
import {
  discordConnection,
  emailConnection,
  folderConnection,
  genericWebhookConnection,
  googleChatConnection,
  iftttConnection,
  mattermostConnection,
  matrixConnection,
  notificationConnectionTypes,
  ntfyConnection,
  opsgenieConnection,
  pushbulletConnection,
  pushoverConnection,
  rocketchatConnection,
  slackConnection,
  teamsConnection,
  telegramConnection,
  zulipChatConnection,
} from './connections.ts';

const secret = { valueFrom: { secretKeyRef: { name: 'notify', key: 'token' } } };

/** The url submitting the form would send: defaults, then what the operator typed. */
function urlOf(description: FormDescription, typed: FormValues): unknown {
  const values = defaultValues(description, { name: 'alerts', ...typed });
  return submittedValues(description, values).url;
}

// Secrets never reach the url: $(username) and $(password) are filled in by the server.
const cases: [FormDescription, FormValues, string][] = [
  [
    discordConnection,
    { username: { value: '1234567890' }, password: secret },
    'discord://$(password)@$(username)',
  ],
  [
    emailConnection,
    {
      username: { value: 'alerts@example.com' },
      password: secret,
      properties: { host: 'smtp.example.com', from: 'alerts@example.com', fromName: 'Ops Alerts' },
    },
    'smtp://$(username):$(password)@smtp.example.com:587/' +
      '?fromaddress=alerts%40example.com&fromname=Ops%20Alerts&encryption=Auto&auth=Unknown',
  ],
  [
    googleChatConnection,
    { username: secret, password: secret, properties: { webhook: 'AAAA1234' } },
    'googlechat://chat.googleapis.com/v1/spaces/AAAA1234/messages?key=$(username)&token=$(password)',
  ],
  [
    iftttConnection,
    { password: secret, properties: { events: ['deploy_failed', 'pager'] } },
    'ifttt://$(password)/?events=deploy_failed,pager',
  ],
  [
    mattermostConnection,
    {
      username: 'opsdeck',
      password: secret,
      properties: { host: 'chat.example.com', channel: 'ops' },
    },
    'mattermost://opsdeck@chat.example.com/$(password)/ops',
  ],
  [
    matrixConnection,
    { username: { value: 'bot' }, password: secret, properties: { host: 'matrix.example.com' } },
    'matrix://$(username):$(password)@matrix.example.com',
  ],
  [
    ntfyConnection,
    { username: { value: 'ops' }, password: secret, properties: { topic: 'payments-alerts' } },
    'ntfy://$(username):$(password)@ntfy.sh/payments-alerts',
  ],
  [opsgenieConnection, { password: secret }, 'opsgenie://api.opsgenie.com:443/$(password)'],
  [
    pushbulletConnection,
    { password: secret, properties: { targets: ['phone', '#ops', 'oncall@example.com'] } },
    'pushbullet://$(password)/phone/%23ops/oncall%40example.com',
  ],
  [
    pushoverConnection,
    { username: secret, password: secret },
    'pushover://shoutrrr:$(password)@$(username)/',
  ],
  [
    rocketchatConnection,
    {
      username: secret,
      password: secret,
      properties: { user: 'opsdeck', host: 'rocket.example.com', port: 3000, channel: 'alerts' },
    },
    'rocketchat://opsdeck@rocket.example.com:3000/$(username)/$(password)/alerts',
  ],
  [
    slackConnection,
    { password: secret, username: 'Opsdeck', properties: { channel: '#alerts' } },
    'slack://$(password)@%23alerts?botname=Opsdeck',
  ],
  [
    teamsConnection,
    { properties: { group: 'g-1', tenant: 't-2', altID: 'a-3', groupOwner: 'o-4' } },
    'teams://g-1@t-2/a-3/o-4?host=outlook.office.com',
  ],
  [
    telegramConnection,
    { password: secret, properties: { chats: ['@ops', '-1001234'] } },
    'telegram://$(password)@telegram?chats=%40ops,-1001234',
  ],
  [
    zulipChatConnection,
    {
      username: { value: 'bot@zulip.example.com' },
      password: secret,
      properties: { host: 'zulip.example.com' },
    },
    'zulip://$(username):$(password)@zulip.example.com',
  ],
  [
    genericWebhookConnection,
    { properties: { url: 'https://hooks.example.com/alert' } },
    'generic+https://hooks.example.com/alert' +
      '?contenttype=application%2Fjson&requestmethod=POST&messagekey=message&titlekey=title',
  ],
  [folderConnection, { url: '/var/notifications' }, '/var/notifications'],
];

describe('notification connection urls (settings spec §3)', () => {
  it('covers every notification type', () => {
    expect(cases.map(([description]) => description.type)).toEqual(
      notificationConnectionTypes.map((description) => description.type),
    );
  });

  it.each(cases.map(([description, typed, url]) => [description.type, description, typed, url]))(
    '%s builds its url from the fields, secrets as placeholders',
    (_type, description, typed, url) => {
      expect(urlOf(description as FormDescription, typed as FormValues)).toBe(url);
    },
  );

  it('leaves out optional parts whose fields are empty', () => {
    expect(urlOf(emailConnection, { properties: { host: 'smtp.example.com' } })).toBe(
      'smtp://smtp.example.com:587/?encryption=Auto&auth=Unknown',
    );
    expect(urlOf(ntfyConnection, { properties: { topic: 'alerts' } })).toBe(
      'ntfy://ntfy.sh/alerts',
    );
    expect(
      urlOf(mattermostConnection, { password: secret, properties: { host: 'chat.example.com' } }),
    ).toBe('mattermost://chat.example.com/$(password)');
    expect(urlOf(pushbulletConnection, { password: secret })).toBe('pushbullet://$(password)');
    expect(urlOf(slackConnection, { password: secret, properties: { channel: 'C0123' } })).toBe(
      'slack://$(password)@C0123',
    );
  });

  it('counts a secret given by reference as set, and an empty static one as not', () => {
    const host = { properties: { host: 'smtp.example.com' } };
    expect(urlOf(emailConnection, { ...host, username: secret, password: secret })).toMatch(
      /^smtp:\/\/\$\(username\):\$\(password\)@smtp/,
    );
    expect(
      urlOf(emailConnection, { ...host, username: { value: ' ' }, password: { value: '' } }),
    ).toMatch(/^smtp:\/\/smtp/);
  });
});

describe('buildUrl', () => {
  it('encodes values, inserts {+path} as typed and joins lists', () => {
    const values = { a: 'x y/z', b: 'https://h/p', list: ['1', '2'] };
    expect(buildUrl('s://{a}/{+b}/{list}/{list|;}', values)).toBe(
      's://x%20y%2Fz/https://h/p/1,2/1;2',
    );
  });

  it('drops a query whose parameters are all empty', () => {
    expect(buildUrl('s://host?x={a}&y={b}', {})).toBe('s://host');
    expect(buildUrl('s://host?x={a}&y={b}', { b: 0 })).toBe('s://host?y=0');
  });

  it('a required reference that is empty leaves its place empty rather than "undefined"', () => {
    expect(buildUrl('s://{host}/{topic}', { host: 'h' })).toBe('s://h/');
  });
});

describe('notification connection urls read back into the fields (settings spec §3)', () => {
  it.each(cases.map(([description, typed]) => [description.type, description, typed]))(
    '%s: the fields parsed from its url are the ones it was built from',
    (_type, description, typed) => {
      const form = description as FormDescription;
      const submitted = submittedValues(
        form,
        defaultValues(form, { name: 'alerts', ...(typed as FormValues) }),
      );
      const url = String(submitted.url);
      // What an edit starts from: the record without the fields the url carries.
      const secrets = { username: submitted.username, password: submitted.password };
      const parsed = connectionFieldsFromUrl(form, url, { ...secrets });
      for (const path of Object.keys(parseUrl(form.url ?? '', url) ?? {}))
        expect(getPath(parsed, path), path).toEqual(getPath(submitted, path));
      // And the url built again from what was parsed is the same url (folder's url is its path field).
      if (form.url) expect(buildUrl(form.url, parsed)).toBe(url);
      else expect(parsed).toEqual(secrets);
    },
  );

  it('a url of another shape leaves the fields as they were', () => {
    expect(connectionFieldsFromUrl(slackConnection, 'https://example.com', { a: 1 })).toEqual({
      a: 1,
    });
    expect(connectionFieldsFromUrl(folderConnection, '/var/x', {})).toEqual({});
  });

  it('decodes what was encoded, lists with their separator, a url with its own query', () => {
    expect(
      connectionFieldsFromUrl(
        pushbulletConnection,
        'pushbullet://$(password)/device%201/%23ops/me%40example.com',
      ),
    ).toEqual({ properties: { targets: ['device 1', '#ops', 'me@example.com'] } });
    expect(
      connectionFieldsFromUrl(
        genericWebhookConnection,
        'generic+https://hooks.example.com/x?token=abc?contenttype=text%2Fplain&requestmethod=GET',
      ),
    ).toMatchObject({
      properties: {
        url: 'https://hooks.example.com/x?token=abc',
        contentType: 'text/plain',
        requestMethod: 'GET',
      },
    });
  });
});
