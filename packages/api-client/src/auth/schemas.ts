import type * as z from 'zod/mini';
import { looseObject } from '../looseObject.ts';
import { listOf, maybeBoolean, maybeText, text } from '../schemaParts.ts';

export const permissionSchema = looseObject({
  id: maybeText,
  subject: maybeText,
  object: maybeText,
  action: maybeText,
  deny: maybeBoolean,
  condition: maybeText,
});

export const whoamiSchema = looseObject({
  message: text,
  payload: looseObject({
    user: looseObject({ id: text, name: maybeText, email: maybeText, avatar: maybeText }),
    roles: listOf(text),
    permissions: listOf(permissionSchema),
    hostname: maybeText,
  }),
});
export type Whoami = z.output<typeof whoamiSchema>;
