// Kratos's UI container shapes and the message catalogue (ids and texts as Kratos sends them), so
// any Kratos-aware client, ours included, renders our flows unchanged.
export type MessageType = 'info' | 'error' | 'success';

export interface UiText {
  id: number;
  text: string;
  type: MessageType;
  context?: Record<string, unknown>;
}

export type NodeGroup = 'default' | 'password' | 'profile' | 'totp' | 'lookup_secret' | 'code';

export interface UiNode {
  type: 'input' | 'text' | 'a' | 'img';
  group: NodeGroup;
  attributes: Record<string, unknown> & { node_type: string };
  messages: UiText[];
  meta: { label?: UiText };
}

export interface UiContainer {
  action: string;
  method: 'POST' | 'GET';
  nodes: UiNode[];
  messages?: UiText[];
}

const info = (id: number, text: string, context?: Record<string, unknown>): UiText =>
  context ? { id, text, type: 'info', context } : { id, text, type: 'info' };
const error = (id: number, text: string, context?: Record<string, unknown>): UiText =>
  context ? { id, text, type: 'error', context } : { id, text, type: 'error' };

export const text = {
  signIn: info(1010001, 'Sign in'),
  confirmAction: info(1010003, 'Please confirm this action by verifying that it is you.'),
  secondFactor: info(1010004, 'Please complete the second authentication challenge.'),
  authenticationCode: info(1010006, 'Authentication code'),
  backupCode: info(1010007, 'Backup recovery code'),
  useAuthenticator: info(1010009, 'Use Authenticator'),
  useBackupCode: info(1010010, 'Use backup recovery code'),
  signUp: info(1040001, 'Sign up'),
  saved: { id: 1050001, text: 'Your changes have been saved!', type: 'success' } satisfies UiText,
  unlinkTotp: info(1050004, 'Unlink TOTP Authenticator App'),
  totpUri: info(1050005, 'Authenticator app QR code'),
  totpSecret: (secret: string) => info(1050006, secret, { secret }),
  revealCodes: info(1050007, 'Reveal backup recovery codes'),
  regenerateCodes: info(1050008, 'Generate new backup recovery codes'),
  lookupSecret: (secret: string) => info(1050009, secret, { secret }),
  usedLookupSecret: (usedAt: string) =>
    info(1050014, 'Secret was used at ' + usedAt, { used_at: usedAt }),
  codesIntro: info(
    1050010,
    'These are your back up recovery codes. Please keep them in a safe place!',
  ),
  confirmCodes: info(1050011, 'Confirm backup recovery codes'),
  lookupSecretList: (secrets: UiText[]) =>
    info(1050015, secrets.map((s) => s.text).join(', '), { secrets }),
  disableMethod: info(1050016, 'Disable this method'),
  totpSecretLabel: info(
    1050017,
    'This is your authenticator app secret. Use it if you can not scan the QR code.',
  ),
  recoveryCodeSent: info(
    1060003,
    'An email containing a recovery code has been sent to the email address you provided. If you have not received an email, check the spelling of the address and make sure to use the address you registered with.',
  ),
  recoveryAfterCode: info(
    1060001,
    'You successfully recovered your account. Please change your password or set up an alternative login method (e.g. social sign in) within the next 15.00 minutes.',
  ),
  identifier: info(1070002, 'E-Mail', { name: 'traits.email', title: 'E-Mail' }),
  password: info(1070001, 'Password'),
  trait: (name: string, title: string) => info(1070002, title, { name, title }),
  save: info(1070003, 'Save'),
  verifyCode: info(1070006, 'Verify code'),
  email: info(1070007, 'Email'),
  resendCode: info(1070008, 'Resend code'),
  continue: info(1070009, 'Continue'),
  recoveryCode: info(1070010, 'Recovery code'),
  verificationCode: info(1070011, 'Verification code'),
  verified: info(1080002, 'You successfully verified your email address.'),
  verificationCodeSent: info(
    1080003,
    'An email containing a verification code has been sent to the email address you provided. If you have not received an email, check the spelling of the address and make sure to use the address you registered with.',
  ),
  missing: (property: string) => error(4000002, `Property ${property} is missing.`, { property }),
  invalidFormat: (value: string, format: string) =>
    error(4000001, `"${value}" is not valid "${format}"`),
  invalidCredentials: error(
    4000006,
    'The provided credentials are invalid, check for spelling mistakes in your password or username, email address, or phone number.',
  ),
  duplicateIdentifier: error(
    4000007,
    'An account with the same identifier (email, phone, username, ...) exists already.',
  ),
  invalidTotp: error(4000008, 'The provided authentication code is invalid, please try again.'),
  invalidLookupSecret: error(4000016, 'The backup recovery code is not valid.'),
  passwordTooShort: (length: number) =>
    error(4000032, `The password must be at least 8 characters long, but got ${length}.`, {
      min_length: 8,
      actual_length: length,
    }),
  passwordSameAsIdentifier: error(
    4000031,
    'The password can not be used because it is too similar to the identifier.',
  ),
  // Not a Kratos id: Kratos has no sign-in throttling. Kept in its 4000xxx validation range.
  throttled: error(
    4000100,
    'Too many failed attempts. Please wait a few minutes before trying again.',
  ),
  tooManyCodes: error(
    4000101,
    'Too many codes were requested for this address. Please use the last code you received or wait a few minutes before asking for another.',
  ),
  invalidRecoveryCode: error(
    4060006,
    'The recovery code is invalid or has already been used. Please try again.',
  ),
  invalidVerificationCode: error(
    4070006,
    'The verification code is invalid or has already been used. Please try again.',
  ),
} as const;

interface InputOptions {
  value?: unknown;
  required?: boolean;
  autocomplete?: string;
  label?: UiText;
  messages?: UiText[];
  disabled?: boolean;
}

export function inputNode(
  group: NodeGroup,
  name: string,
  type: string,
  options: InputOptions = {},
): UiNode {
  const attributes: UiNode['attributes'] = {
    name,
    type,
    node_type: 'input',
    disabled: options.disabled ?? false,
  };
  if (options.value !== undefined) attributes.value = options.value;
  if (options.required) attributes.required = true;
  if (options.autocomplete) attributes.autocomplete = options.autocomplete;
  return {
    type: 'input',
    group,
    attributes,
    messages: options.messages ?? [],
    meta: options.label ? { label: options.label } : {},
  };
}

export function csrfNode(token: string): UiNode {
  return inputNode('default', 'csrf_token', 'hidden', { value: token, required: true });
}

export function submitNode(group: NodeGroup, name: string, value: string, label: UiText): UiNode {
  return inputNode(group, name, 'submit', { value, label });
}

export function textNode(group: NodeGroup, id: string, content: UiText, label?: UiText): UiNode {
  return {
    type: 'text',
    group,
    attributes: { id, text: content, node_type: 'text' },
    messages: [],
    meta: label ? { label } : {},
  };
}

export function anchorNode(group: NodeGroup, id: string, href: string, title: UiText): UiNode {
  return {
    type: 'a',
    group,
    attributes: { id, href, title, node_type: 'a' },
    messages: [],
    meta: {},
  };
}

/** Attaches field messages to the node with that name (the first match, as Kratos does). */
export function withFieldMessages(nodes: UiNode[], messages: Record<string, UiText[]>): UiNode[] {
  return nodes.map((node) => {
    const name = node.attributes.name;
    const extra =
      typeof name === 'string' && node.attributes.type !== 'submit' ? messages[name] : undefined;
    return extra ? { ...node, messages: [...node.messages, ...extra] } : node;
  });
}
